// First: before any module builds a zod schema.
import './lib/zod-jitless';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstScreenReady } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// Not a top-level await: that would make the bundler split the app's code into many more files.
void firstScreenReady().then(() => {
  const app = createRoot(root);
  // As a transition, React builds the first screen in slices and lets the browser in between
  // (input, paint) rather than holding the main thread for the whole of it; the static top bar
  // shows meanwhile.
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
