import { sql } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testClock } from '../support/clock';
import { createUser } from '../support/factories';

let ctx: TestApp;
beforeAll(async () => {
  // The limiter's clock stands still: the wait after the third failure (1 s) cannot run out between
  // two requests on a slow machine.
  ctx = await createTestApp(
    {},
    { rateLimits: { signInPerAccount: 3 }, rateLimitClock: testClock().now },
  );
});
afterAll(() => ctx.close());

const PASSWORD = 'open sesame';

function signIn(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    headers,
  });
}

function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie'] ?? '');
  const value = /adreel_refresh=([^;]*)/.exec(header)?.[1];
  if (!value) throw new Error('no refresh cookie was set');
  return value;
}

function refreshWithCookie(token: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=refresh_token',
    cookies: { adreel_refresh: token },
    headers,
  });
}

function refreshWithBody(token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=refresh_token',
    payload: { refresh_token: token },
  });
}

describe('sign-in', () => {
  it('answers a right password with a session and an httpOnly refresh cookie', async () => {
    const user = await createUser(ctx.database.db, {
      role: ['creator', 'brand'],
      password: PASSWORD,
    });
    const res = await signIn(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const { session } = res.json();
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      user: { id: user.id, role: 'brand' },
    });
    expect(session.refresh_token).toBeUndefined();
    const refreshCookie = [res.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('adreel_refresh='));
    expect(refreshCookie).toMatch(/HttpOnly/i);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 800);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const wrong = await signIn(user.email, 'not it');
    const unknown = await signIn('nobody@example.com');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // Alike but for the request id each answer carries (issue 17 item 4).
    const { requestId: _wrongId, ...wrongError } = wrong.json().error;
    const { requestId: _unknownId, ...unknownError } = unknown.json().error;
    expect(wrongError).toEqual(unknownError);
    expect(wrong.json().error.message).toBe('Invalid email or password');
  });

  it('answers 429 once an account has had too many attempts', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signIn(user.email, 'guess')).statusCode).toBe(401);
    }
    const limited = await signIn(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('signs access tokens that verify against the published JWKS', async () => {
    const user = await createUser(ctx.database.db, { role: 'admin', password: PASSWORD });
    const { session } = (await signIn(user.email)).json();
    const jwks = (await ctx.app.inject('/.well-known/jwks.json')).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(jwks.keys[0].d).toBeUndefined();
    const { payload, protectedHeader } = await jwtVerify(
      session.access_token,
      createLocalJWKSet(jwks),
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: user.id, roles: ['admin'] });
  });

  it('refuses a cookie sign-in started by another site', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const res = await signIn(user.email, PASSWORD, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_origin');
  });
});

describe('refresh', () => {
  it('answers a browser without a session cookie with no session', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=refresh_token',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ session: null });
  });

  it('rotates the refresh token on every use', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const first = cookieFrom(await signIn(user.email));
    const refreshed = await refreshWithCookie(first);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().session.user.id).toBe(user.id);
    const second = cookieFrom(refreshed);
    expect(second).not.toBe(first);
    expect((await refreshWithCookie(second)).statusCode).toBe(200);
  });

  it('lets a second tab spend the same token within 10 seconds', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const token = cookieFrom(await signIn(user.email));
    const [a, b] = await Promise.all([refreshWithCookie(token), refreshWithCookie(token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(cookieFrom(a)).not.toBe(cookieFrom(b));
  });

  it('ends the whole session when a long-spent token is replayed', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: user.email, password: PASSWORD },
    });
    const stolen = password.json().session.refresh_token as string;
    const current = (await refreshWithBody(stolen)).json().session.refresh_token as string;

    // Age the spent token past the reuse interval.
    await ctx.database.db.execute(
      sql.raw(
        "update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null",
      ),
    );
    const replay = await refreshWithBody(stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('refresh_token_reused');
    // The thief's replay also ended the rightful holder's session.
    expect((await refreshWithBody(current)).statusCode).toBe(401);
  });

  it('refuses a refresh token after sign-out', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const token = cookieFrom(await signIn(user.email));
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      cookies: { adreel_refresh: token },
    });
    expect(out.statusCode).toBe(204);
    expect(out.headers['set-cookie']).toMatch(/adreel_refresh=;/);
    expect((await refreshWithCookie(token)).statusCode).toBe(401);
  });
});
