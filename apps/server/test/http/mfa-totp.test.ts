import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKeys } from '../../src/modules/auth/auth.keys';
import { createTokenService } from '../../src/modules/auth/auth.tokens';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';
import {
  aalOf,
  bearer,
  enrolTotp,
  mfaVerify,
  PASSWORD,
  signIn,
  ticketFor,
  totpCode,
  userWithTotp,
  verifyFactor,
  wrongCode,
} from './mfa.support';

const MFA_LIMIT = 5;

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({}, { rateLimits: { mfaPerUser: MFA_LIMIT } });
});
afterAll(() => ctx.close());

describe('TOTP enrolment', () => {
  it('hands out a secret, an otpauth URI for the app and an SVG QR code', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const signedIn = await signIn(ctx, user.email);
    const res = await enrolTotp(ctx, bearer(signedIn.json().session.access_token), 'My phone');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ id: expect.any(String), factor_type: 'totp' });
    expect(body.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.totp.uri);
    expect(`${uri.protocol}//${uri.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Adreel:${user.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Adreel');
    expect(uri.searchParams.get('secret')).toBe(body.totp.secret);
    expect(body.totp.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.totp.qr_code.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('<svg');
  });

  it('lists the factor as unverified, and sign-in does not ask for it yet', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = bearer((await signIn(ctx, user.email)).json().session.access_token);
    const { id } = (await enrolTotp(ctx, headers, 'Phone')).json();
    const list = await ctx.app.inject({ method: 'GET', url: '/api/factors', headers });
    expect(list.json().factors).toEqual([
      {
        id,
        factorType: 'totp',
        friendlyName: 'Phone',
        verified: false,
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect((await signIn(ctx, user.email)).json().session).toBeDefined();
  });

  it('verifies with a code from the app and returns ten recovery codes, once', async () => {
    const { user, factorId, recoveryCodes, headers } = await userWithTotp(ctx);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}$/);
    // The enrolling session passed the factor: its new access token is aal2.
    expect(aalOf(headers.authorization.slice(7))).toBe('aal2');

    const list = await ctx.app.inject({ method: 'GET', url: '/api/factors', headers });
    expect(list.json().factors).toMatchObject([{ id: factorId, verified: true }]);
    const stored = await ctx.database.db.execute<{ code_hash: string }>(
      sql`select code_hash from mfa_recovery_codes where user_id = ${user.id}`,
    );
    expect(stored.rows).toHaveLength(10);
    expect(stored.rows.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
  });

  it('refuses a wrong code while enrolling, with a clear message', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = bearer((await signIn(ctx, user.email)).json().session.access_token);
    const { id, totp } = (await enrolTotp(ctx, headers)).json();
    const res = await verifyFactor(ctx, headers, id, { code: await wrongCode(totp.secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'invalid_code',
      message: 'Invalid code',
      requestId: expect.any(String),
    });
  });

  it('accepts a challenge id from /challenge, and only once', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = bearer((await signIn(ctx, user.email)).json().session.access_token);
    const { id, totp } = (await enrolTotp(ctx, headers)).json();
    const challenge = await ctx.app.inject({
      method: 'POST',
      url: `/api/factors/${id}/challenge`,
      headers,
    });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.json()).toMatchObject({ id: expect.any(String), factor_type: 'totp' });
    expect(Date.parse(challenge.json().expires_at)).toBeGreaterThan(Date.now());
    const code = await totpCode(totp.secret);
    const first = await verifyFactor(ctx, headers, id, { challenge_id: challenge.json().id, code });
    expect(first.statusCode).toBe(200);
    const again = await verifyFactor(ctx, headers, id, {
      challenge_id: challenge.json().id,
      code: await totpCode(totp.secret, 1),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('challenge_expired');
  });
});

describe('sign-in with a verified TOTP factor', () => {
  it('asks for the second factor instead of starting a session', async () => {
    const { user, factorId } = await userWithTotp(ctx);
    const res = await signIn(ctx, user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().session).toBeUndefined();
    expect(res.json().mfa).toEqual({
      ticket: expect.any(String),
      factors: [{ id: factorId, factorType: 'totp', friendlyName: 'Phone' }],
    });
    // Only the device cookie (decision 025: it spares the owner strangers' backoff, opens nothing).
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('adreel_refresh');
  });

  it('starts an aal2 session with a refresh cookie for the right code', async () => {
    const { user, secret, factorId } = await userWithTotp(ctx);
    const ticket = await ticketFor(ctx, user.email);
    const res = await mfaVerify(ctx, { ticket, factorId, code: await totpCode(secret, 1) });
    expect(res.statusCode).toBe(200);
    const { session } = res.json();
    expect(session.user.id).toBe(user.id);
    expect(aalOf(session.access_token)).toBe('aal2');
    expect(String(res.headers['set-cookie'])).toMatch(/adreel_refresh=.+HttpOnly/i);

    // The session stays aal2 through a refresh.
    const cookie = /adreel_refresh=([^;]*)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=refresh_token',
      cookies: { adreel_refresh: cookie },
    });
    expect(aalOf(refreshed.json().session.access_token)).toBe('aal2');

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/factors',
      headers: bearer(session.access_token),
    });
    expect(list.json().factors[0].lastUsedAt).not.toBeNull();
  });

  it('answers a wrong code with 401 Invalid code', async () => {
    const { user, secret, factorId } = await userWithTotp(ctx);
    const ticket = await ticketFor(ctx, user.email);
    const res = await mfaVerify(ctx, { ticket, factorId, code: await wrongCode(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'invalid_code',
      message: 'Invalid code',
      requestId: expect.any(String),
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a code that was already used', async () => {
    const { user, secret, factorId } = await userWithTotp(ctx);
    const code = await totpCode(secret, 1);
    const first = await mfaVerify(ctx, {
      ticket: await ticketFor(ctx, user.email),
      factorId,
      code,
    });
    expect(first.statusCode).toBe(200);
    const replay = await mfaVerify(ctx, {
      ticket: await ticketFor(ctx, user.email),
      factorId,
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('code_reused');
  });

  it('refuses the enrolment code again at sign-in', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = bearer((await signIn(ctx, user.email)).json().session.access_token);
    const { id, totp } = (await enrolTotp(ctx, headers)).json();
    const code = await totpCode(totp.secret);
    expect((await verifyFactor(ctx, headers, id, { code })).statusCode).toBe(200);
    const ticket = await ticketFor(ctx, user.email);
    expect((await mfaVerify(ctx, { ticket, factorId: id, code })).statusCode).toBe(401);
  });

  it('accepts each recovery code once, in any case and without the hyphen', async () => {
    const { user, recoveryCodes } = await userWithTotp(ctx);
    const [code] = recoveryCodes as [string];
    const typed = code.replace('-', ' ').toUpperCase();
    const first = await mfaVerify(ctx, {
      ticket: await ticketFor(ctx, user.email),
      recoveryCode: typed,
    });
    expect(first.statusCode).toBe(200);
    expect(aalOf(first.json().session.access_token)).toBe('aal2');
    const again = await mfaVerify(ctx, {
      ticket: await ticketFor(ctx, user.email),
      recoveryCode: code,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toEqual({
      code: 'invalid_recovery_code',
      message: 'Invalid recovery code',
      requestId: expect.any(String),
    });
  });

  it('refuses a forged or expired ticket with 401', async () => {
    const { user, secret, factorId } = await userWithTotp(ctx);
    const code = await totpCode(secret, 1);
    const forged = await mfaVerify(ctx, { ticket: 'not-a-ticket', factorId, code });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('invalid_ticket');

    const tokens = createTokenService(
      await loadSigningKeys(ctx.database.db),
      'http://localhost:3000',
    );
    const stale = await tokens.issueMfaTicket(user.id, Date.now() - 10 * 60 * 1000);
    const expired = await mfaVerify(ctx, { ticket: stale, factorId, code });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('invalid_ticket');

    // An access token is not a ticket.
    const { headers } = await userWithTotp(ctx);
    const access = headers.authorization.slice('Bearer '.length);
    expect((await mfaVerify(ctx, { ticket: access, factorId, code })).statusCode).toBe(401);
  });

  it('refuses a code for a factor of another account', async () => {
    const owner = await userWithTotp(ctx);
    const other = await userWithTotp(ctx);
    const ticket = await ticketFor(ctx, other.user.email);
    const res = await mfaVerify(ctx, {
      ticket,
      factorId: owner.factorId,
      code: await totpCode(owner.secret, 1),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 429 after too many attempts, even with the right code', async () => {
    const { user, secret, factorId } = await userWithTotp(ctx);
    const ticket = await ticketFor(ctx, user.email);
    const wrong = await wrongCode(secret);
    // The enrolment's verification counted once.
    for (let attempt = 1; attempt < MFA_LIMIT; attempt += 1) {
      expect((await mfaVerify(ctx, { ticket, factorId, code: wrong })).statusCode).toBe(401);
    }
    const limited = await mfaVerify(ctx, { ticket, factorId, code: await totpCode(secret, 1) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('explains a body with neither a code nor a recovery code', async () => {
    const res = await mfaVerify(ctx, { ticket: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Enter the code from your authenticator app or a recovery code',
    );
  });
});
