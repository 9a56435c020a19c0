import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';

// A screen's code loads on first visit (lazy routes); under a full parallel run on a small machine
// that can take seconds, not the default one.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: React Router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

// jsdom has no ResizeObserver either; Radix measures some controls (radio indicators) with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Nor pointer capture: Sonner captures the pointer when a toast's button (Undo) is pressed.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

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
  // Sonner keeps its toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
  localStorage.clear();
  vi.unstubAllGlobals();
});
