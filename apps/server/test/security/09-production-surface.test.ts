/**
 * Issue 13 item 9: what a production server shows strangers. Before, it served the web app's source
 * maps (/assets/*.js.map: the whole client source, comments included) and the API's map at
 * /api/docs, with no setting to turn either off. Now the build makes no maps, the server never
 * serves one, and /api/docs is on outside production and in production only with API_DOCS=true.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../support/app';

/** A build as Vite wrote it with `sourcemap: true`: a script that names its map, and the map. */
function buildWithMaps(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'adreel-web-maps-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Adreel</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, 'assets', 'index-1.js'),
    'console.log(1);\n//# sourceMappingURL=index-1.js.map\n',
  );
  const map = JSON.stringify({
    version: 3,
    sources: ['../../src/secret-plans.ts'],
    sourcesContent: ['// TODO: the admin check is only in the client'],
    mappings: 'AAAA',
  });
  writeFileSync(path.join(dist, 'assets', 'index-1.js.map'), map);
  writeFileSync(path.join(dist, 'assets', 'index-1.js.map.gz'), map);
  return dist;
}

async function withApp(env: NodeJS.ProcessEnv, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp(env);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('source maps', () => {
  it('are never served, even from a build that has them', async () => {
    await withApp({ NODE_ENV: 'production', WEB_DIST_DIR: buildWithMaps() }, async (t) => {
      // The app's code itself is served as before.
      expect((await get(t, '/assets/index-1.js')).statusCode).toBe(200);
      for (const url of [
        '/assets/index-1.js.map',
        '/assets/index-1.js.map?v=1',
        '/assets/index-1.js.%6Dap',
        '/assets/INDEX-1.JS.MAP',
        '/assets/missing.js.map',
      ]) {
        const response = await get(t, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('secret-plans');
        expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      }
      // Nor its precompressed copy.
      const compressed = await get(t, '/assets/index-1.js.map', { 'accept-encoding': 'gzip' });
      expect(compressed.statusCode).toBe(404);
    });
  });

  it('are not made by the web build, so no script names a map that is not there', async () => {
    const { default: viteConfig } = await import('../../../web/vite.config');
    const config = typeof viteConfig === 'function' ? null : viteConfig;
    expect(config?.build).toBeDefined();
    expect(config?.build?.sourcemap ?? false).toBe(false);
  });
});

describe('/api/docs', () => {
  it('is off in production unless API_DOCS=true', async () => {
    await withApp({ NODE_ENV: 'production' }, async (t) => {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const response = await get(t, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({
          error: { code: 'not_found', message: 'Not found', requestId: expect.any(String) },
        });
      }
    });
    await withApp({ NODE_ENV: 'production', API_DOCS: 'true' }, async (t) => {
      expect((await get(t, '/api/docs/json')).json().openapi).toMatch(/^3\./);
    });
  });

  it('is on outside production unless API_DOCS=false', async () => {
    await withApp({ NODE_ENV: 'development' }, async (t) => {
      expect((await get(t, '/api/docs/json')).statusCode).toBe(200);
      expect((await get(t, '/api/docs')).statusCode).toBe(200);
    });
    await withApp({ NODE_ENV: 'development', API_DOCS: 'false' }, async (t) => {
      expect((await get(t, '/api/docs/json')).statusCode).toBe(404);
    });
  });

  it('stops the server at start on a bad API_DOCS, naming it', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({}).apiDocs).toBe(true);
    const attempt = () => loadConfig({ API_DOCS: 'sometimes' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/API_DOCS: must be true or false/);
  });
});
