import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

/**
 * Resolves once the router has the first screen's code (and nothing is left to load before it can
 * show it). main.tsx renders after this, so the page's static top bar (index.html) stays until the
 * app replaces it with the screen itself, with no blank moment in between.
 */
export function firstScreenReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
