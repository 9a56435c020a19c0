import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { jsBudget } from './scripts/js-budget.js';
import { precompress } from './scripts/precompress.js';

/** The repository root's .env (what the server reads too): API_URL, or the server's PORT. */
const rootEnv = {
  ...loadEnv('development', fileURLToPath(new URL('../..', import.meta.url)), ['API_URL', 'PORT']),
  ...process.env,
};
const apiTarget = rootEnv.API_URL ?? `http://localhost:${rootEnv.PORT ?? 3000}`;

/**
 * Sonner injects its stylesheet as a <style> element at import time, which a CSP without
 * 'unsafe-inline' blocks (and reports). src/index.css imports the same stylesheet, so the injection
 * is dropped from the bundle.
 */
function sonnerWithoutStyleInjection(): Plugin {
  return {
    name: 'adreel:sonner-without-style-injection',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const stripped = code.replace(/^__insertCSS\(".*"\);?$/m, '');
      if (stripped === code) this.warn('sonner: style injection not found; check the CSP');
      return { code: stripped, map: null };
    },
  };
}

export default defineConfig({
  // jsBudget: after each build, /feed's initial JavaScript must fit 170 kB gzipped (issue 8).
  // precompress: .br and .gz copies of the text assets, which the server sends as they are.
  plugins: [sonnerWithoutStyleInjection(), react(), tailwindcss(), jsBudget(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/.well-known': apiTarget,
      // Videos and posters (media.routes.ts), so they play on :5173 as on the server's port.
      '/media': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    // No source maps: the server never serves them, and a bundle must not point at files that 404
    // (decision 024). The dev server has its own.
    sourcemap: false,
    // .vite/manifest.json: which chunks each entry and route imports, read by the JS budget.
    manifest: true,
    rolldownOptions: {
      // Issue 20: a phone on a slow link over HTTP/1.1 (six connections, a round trip each) pays per
      // file: shared chunks of a few hundred bytes (an icon, a hook) go into the chunks that use
      // them rather than being files of their own.
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4 * 1024 } } },
      treeshake: {
        // packages/domain is pure (constants, rules and zod schemas), so a screen that only needs a
        // constant must not pull in every schema, and zod with them, through the package's index.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Whole screens load lazily and render in jsdom; on a 2-CPU machine running the server's
    // database tests beside them, a journey can take several seconds.
    testTimeout: 20_000,
  },
});
