// First: before any module builds a zod schema.
import './lib/zod-jitless';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstScreenReady } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// Not a top-level await: that would make the bundler split the app's code into many more files.
void firstScreenReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
