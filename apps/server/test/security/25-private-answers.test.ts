/**
 * Issue 25 item 5: private answers could be cached. /api/brand/transactions, /api/creator/earnings,
 * /api/account/sessions, /api/profiles/me, /api/admin/outbox and /api/admin/access-requests carried
 * no Cache-Control, so a shared proxy, a CDN or the browser's back button could keep one person's
 * payments, sessions or outbox for the next. Every answer to a request with credentials (and every
 * token answer) is `no-store` unless its route is deliberately public and says so.
 */
import type { Role } from '@adreel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PRIVATE: Array<[Role, string]> = [
  ['brand', '/api/brand/transactions'],
  ['brand', '/api/brand/campaigns'],
  ['brand', '/api/brand/submissions'],
  ['creator', '/api/creator/earnings'],
  ['creator', '/api/creator/videos'],
  ['creator', '/api/creator/submissions'],
  ['viewer', '/api/account/sessions'],
  ['viewer', '/api/account/digest'],
  ['viewer', '/api/profiles/me'],
  ['viewer', '/api/factors'],
  ['viewer', '/api/user/identities'],
  ['viewer', '/api/me/reports'],
  ['admin', '/api/admin/outbox'],
  ['admin', '/api/admin/access-requests'],
  ['admin', '/api/admin/whitelist'],
  ['admin', '/api/admin/invites'],
  ['admin', '/api/admin/audit'],
];

describe('no cache keeps a private answer (issue 25 item 5)', () => {
  it.each(PRIVATE)('%s: GET %s is no-store', async (role, url) => {
    const { headers } = await signedInUser(ctx, role);
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a token answer, a refusal and a signed-in read of a public list are no-store too', async () => {
    const { headers } = await signedInUser(ctx, 'viewer');
    const answers = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token' }),
      ctx.app.inject({ method: 'GET', url: '/api/admin/outbox', headers }),
      ctx.app.inject({
        method: 'GET',
        url: '/api/account/sessions',
        headers: { authorization: 'Bearer not-a-token' },
      }),
      ctx.app.inject({ method: 'GET', url: '/api/feed', headers }),
      ctx.app.inject({ method: 'GET', url: '/api/campaigns', headers }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 403, 401, 200, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a deliberately public answer keeps its own caching', async () => {
    const { headers } = await signedInUser(ctx, 'viewer');
    const jwks = await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json', headers });
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
  });
});
