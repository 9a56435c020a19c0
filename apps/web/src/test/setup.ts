import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// jsdom has no layout: React Router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

beforeEach(() => {
  // No test reaches a network: a test that needs an answer stubs fetch with it.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: 'offline', message: 'No network in tests' } }),
          { status: 503 },
        ),
    ),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
