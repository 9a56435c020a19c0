/**
 * Decision 029: one guard for the admin API, whatever plugin declares a route. Every route the app
 * registers is listed as it is registered; each under /api/admin must answer 401 signed out and 403
 * to a viewer, creator and brand, including routes a test plugin adds with no guard of its own (at
 * the root, and under nested prefixes). Routes that could answer under /api/admin without saying so
 * keep the app from starting.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@adreel/domain';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { isAdminUrl, reachesAdminUnguarded } from '../../src/platform/admin-guard';
import { type AuthHeaders, asRole } from '../support/auth';
import { createTestDatabase } from '../support/database';

const ID = '00000000-0000-4000-8000-000000000000';

function config() {
  const web = mkdtempSync(path.join(tmpdir(), 'adreel-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Adreel</title>');
  return loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: web });
}

/** Routes a careless plugin might add: none declares a guard. */
async function unguardedRoutes(app: FastifyInstance) {
  app.get('/api/admin/test-root', async () => ({ leaked: true }));
  await app.register(
    async (api) => {
      await api.register(
        async (admin) => {
          admin.post('/test-nested/:id', async () => ({ leaked: true }));
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
  await app.register(
    async (admin) => {
      admin.route({
        method: 'DELETE',
        url: '/test-own-hook',
        onRequest: async () => undefined,
        handler: async () => ({ leaked: true }),
      });
    },
    { prefix: '/api/admin' },
  );
}

interface Listed {
  method: HTTPMethods;
  url: string;
}

let app: App;
let dispose: () => Promise<void>;
const routes: Listed[] = [];
const headers = new Map<Role, AuthHeaders>();

beforeAll(async () => {
  const database = await createTestDatabase();
  app = await buildApp({
    config: config(),
    database,
    logger: false,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  await app.register(unguardedRoutes);
  await app.ready();
  dispose = async () => {
    await app.close();
    await database.dispose();
  };
  const ctx = { app, database, close: dispose };
  for (const role of ['viewer', 'creator', 'brand'] as const)
    headers.set(role, await asRole(ctx, role));
});
afterAll(() => dispose());

const adminRoutes = () =>
  routes
    .filter((route) => isAdminUrl(route.url))
    .map((route) => ({ ...route, path: route.url.replace(/:[A-Za-z]+/g, ID) }));

describe('the admin guard', () => {
  it('sees the admin routes of every plugin, the unguarded test routes included', () => {
    const urls = adminRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/admin/invites',
        'POST /api/admin/videos/:id/approve',
        'POST /api/admin/reports/:id/remove-video',
        'POST /api/admin/scores/recompute',
        'GET /api/admin/counts/stream',
        'GET /api/admin/audit',
        'GET /api/admin/test-root',
        'POST /api/admin/test-nested/:id',
        'DELETE /api/admin/test-own-hook',
      ]),
    );
    expect(urls.length).toBeGreaterThan(25);
  });

  it('finds no route that reaches /api/admin unguarded', () => {
    expect(routes.filter((route) => reachesAdminUnguarded(route.url) !== null)).toEqual([]);
  });

  it('answers 401 signed out and 403 to a viewer, creator and brand on every admin route', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      for (const actor of ['signed out', 'viewer', 'creator', 'brand'] as const) {
        const res = await app.inject({
          method: route.method,
          url: route.path,
          headers: actor === 'signed out' ? {} : headers.get(actor),
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: { any: 'thing' } } : {}),
        });
        const expected = actor === 'signed out' ? 401 : 403;
        const code = expected === 401 ? 'unauthorized' : 'forbidden';
        const body = route.method === 'HEAD' ? null : res.json();
        if (res.statusCode !== expected || (body && body.error?.code !== code))
          wrong.push(`${route.method} ${route.url} as ${actor}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers 401 to a signed-out HEAD of every admin GET route', async () => {
    const gets = adminRoutes().filter((route) => route.method === 'GET');
    expect(gets.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const route of gets) {
      const res = await app.inject({ method: 'HEAD', url: route.path });
      if (res.statusCode !== 401) wrong.push(`HEAD ${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('routes that could answer under /api/admin without its guard', () => {
  it.each([
    '/API/admin/x',
    '//api/admin/x',
    '/api//admin',
    '/api/:section/x',
    '/api/*',
    '/:a/admin',
    '/:a/:b',
    '/*/x',
  ])('%s keeps the app from starting', async (url) => {
    expect(reachesAdminUnguarded(url)).not.toBeNull();
    const database = await createTestDatabase();
    const other = await buildApp({ config: config(), database, logger: false });
    try {
      await expect(
        other.register(async (plugin) => {
          plugin.get(url, async () => ({ leaked: true }));
        }),
      ).rejects.toThrow(/refused/);
    } finally {
      await other.close().catch(() => undefined);
      await database.dispose();
    }
  });

  it.each(['/api/admin', '/api/admin/x', '/api/feed', '/api/videos/:id', '/*', '/:id', '/'])(
    '%s is fine',
    (url) => {
      expect(reachesAdminUnguarded(url)).toBeNull();
    },
  );
});
