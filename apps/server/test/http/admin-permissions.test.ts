/** SPEC.md §6: admin routes allow admin only; the server enforces it on every admin endpoint. */
import { randomUUID } from 'node:crypto';
import type { Role } from '@adreel/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, asRole } from '../support/auth';

let ctx: TestApp;
const headers = new Map<Role, AuthHeaders>();
beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['viewer', 'creator', 'brand', 'admin'] as const)
    headers.set(role, await asRole(ctx, role));
});
afterAll(() => ctx.close());

const id = randomUUID();
/** Every admin endpoint, with a body that would be valid, so only the caller decides the answer. */
const ADMIN_ROUTES: Array<Pick<InjectOptions, 'method' | 'url' | 'payload'>> = [
  { method: 'GET', url: '/api/admin/invites' },
  { method: 'POST', url: '/api/admin/invites', payload: { role: 'creator' } },
  { method: 'GET', url: '/api/admin/whitelist' },
  {
    method: 'POST',
    url: '/api/admin/whitelist',
    payload: { email: 'x@example.com', role: 'admin' },
  },
  { method: 'DELETE', url: `/api/admin/whitelist/${id}` },
  { method: 'GET', url: '/api/admin/access-requests' },
  { method: 'POST', url: `/api/admin/access-requests/${id}/decline` },
  { method: 'GET', url: '/api/admin/outbox' },
  { method: 'GET', url: '/api/admin/reports' },
  { method: 'GET', url: '/api/admin/reports?status=closed' },
  { method: 'POST', url: `/api/admin/reports/${id}/dismiss` },
  { method: 'POST', url: `/api/admin/reports/${id}/remove-video` },
  { method: 'POST', url: '/api/admin/scores/recompute' },
  { method: 'GET', url: '/api/admin/counts' },
];

const cases = ADMIN_ROUTES.flatMap((route) => [
  { ...route, actor: 'signed out' as const, status: 401 },
  ...(['viewer', 'creator', 'brand'] as const).map((actor) => ({ ...route, actor, status: 403 })),
]);

describe('admin endpoints', () => {
  it.each(cases)('$method $url answers $status to $actor', async (route) => {
    const res = await ctx.app.inject({
      method: route.method,
      url: route.url,
      ...(route.payload ? { payload: route.payload } : {}),
      headers: route.actor === 'signed out' ? {} : headers.get(route.actor),
    });
    expect(res.statusCode).toBe(route.status);
    expect(res.json()).toEqual({
      error: {
        code: route.status === 401 ? 'unauthorized' : 'forbidden',
        message: expect.any(String),
        requestId: expect.any(String),
      },
    });
  });

  it.each(ADMIN_ROUTES)('$method $url refuses before reading a malformed body', async (route) => {
    const res = await ctx.app.inject({
      method: route.method,
      url: route.url,
      ...(route.method === 'POST' ? { payload: { nonsense: true } } : {}),
      headers: headers.get('viewer'),
    });
    expect(res.statusCode).toBe(403);
  });

  it.each(ADMIN_ROUTES)('$method $url lets an admin through', async (route) => {
    const res = await ctx.app.inject({
      method: route.method,
      url: route.url,
      ...(route.payload ? { payload: route.payload } : {}),
      headers: headers.get('admin'),
    });
    // The made-up id is not found; everything else succeeds.
    expect([200, 201, 404]).toContain(res.statusCode);
  });

  it('answers 401 to a forged token, so the client knows to sign in again', async () => {
    const res = await ctx.app.inject({
      url: '/api/admin/invites',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(401);
  });
});
