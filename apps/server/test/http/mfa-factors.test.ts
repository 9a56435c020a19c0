import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaFactors, mfaRecoveryCodes } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';
import {
  bearer,
  enrolTotp,
  type Headers,
  mfaVerify,
  PASSWORD,
  signIn,
  ticketFor,
  totpCode,
  userWithTotp,
  verifyFactor,
} from './mfa.support';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function signedIn(): Promise<Headers> {
  const user = await createUser(ctx.database.db, { password: PASSWORD });
  return bearer((await signIn(ctx, user.email)).json().session.access_token);
}

function remove(headers: Headers, factorId: string) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/factors/${factorId}`, headers });
}

function regenerate(headers: Headers) {
  return ctx.app.inject({ method: 'POST', url: '/api/factors/recovery-codes', headers });
}

describe('/api/factors', () => {
  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/factors' });
    expect(res.statusCode).toBe(401);
  });

  it("treats another user's factor as not found", async () => {
    const owner = await userWithTotp(ctx);
    const stranger = await signedIn();
    const url = `/api/factors/${owner.factorId}`;
    const challenge = await ctx.app.inject({
      method: 'POST',
      url: `${url}/challenge`,
      headers: stranger,
    });
    const verify = await verifyFactor(ctx, stranger, owner.factorId, {
      code: await totpCode(owner.secret, 1),
    });
    const removal = await remove(stranger, owner.factorId);
    for (const res of [challenge, verify, removal]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Factor not found');
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/factors', headers: stranger });
    expect(list.json().factors).toEqual([]);
  });

  it('refuses a second factor with the same name, clearly', async () => {
    const { headers } = await userWithTotp(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/factors',
      headers,
      payload: { factor_type: 'webauthn', friendly_name: ' Phone ' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'factor_name_taken',
      message: 'You already have a factor with this name. Please choose another.',
      requestId: expect.any(String),
    });
  });

  it('replaces an unfinished enrolment when it is started again', async () => {
    const headers = await signedIn();
    const first = (await enrolTotp(ctx, headers, 'Phone')).json();
    const second = await enrolTotp(ctx, headers, 'Phone');
    expect(second.statusCode).toBe(201);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/factors', headers });
    expect(list.json().factors.map((factor: { id: string }) => factor.id)).toEqual([
      second.json().id,
    ]);
    expect(second.json().id).not.toBe(first.id);
  });

  it('refuses a phone factor whose number is not a valid international number', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/factors',
      headers: await signedIn(),
      payload: { factor_type: 'phone', phone: '+15555550100' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Enter your mobile number in international format, e.g. +44 7911 123456',
    );
  });

  it('refuses a session that was signed out', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const res = await signIn(ctx, user.email);
    const headers = bearer(res.json().session.access_token);
    const cookie = /adreel_refresh=([^;]*)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      cookies: { adreel_refresh: cookie },
    });
    const enrol = await enrolTotp(ctx, headers);
    expect(enrol.statusCode).toBe(401);
    // The token itself is refused once the process has heard of the sign-out (decision 023);
    // until then the route's own look-up of the session refuses it.
    expect(['invalid_token', 'session_ended']).toContain(enrol.json().error.code);
  });
});

describe('changing factors once one is verified', () => {
  it('removing a verified factor takes a session that passed it (aal2)', async () => {
    const { factorId, aal1Headers } = await userWithTotp(ctx);
    const res = await remove(aal1Headers, factorId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'aal2_required',
      message: 'Confirm it is you with your second factor first.',
      requestId: expect.any(String),
    });
  });

  it('removing the last factor at aal2 deletes the recovery codes and turns MFA off', async () => {
    const { user, factorId, secret } = await userWithTotp(ctx);
    const ticket = await ticketFor(ctx, user.email);
    const passed = await mfaVerify(ctx, { ticket, factorId, code: await totpCode(secret, 1) });
    const aal2 = bearer(passed.json().session.access_token);
    expect((await remove(aal2, factorId)).statusCode).toBe(204);
    const codes = await ctx.database.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.id));
    expect(codes).toEqual([]);
    expect((await signIn(ctx, user.email)).json().session).toBeDefined();
  });

  it('an aal1 session may still drop an unfinished enrolment', async () => {
    const { aal1Headers, headers } = await userWithTotp(ctx);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/factors',
      headers,
      payload: { factor_type: 'totp', friendly_name: 'Tablet' },
    });
    expect(started.statusCode).toBe(201);
    expect((await remove(aal1Headers, started.json().id)).statusCode).toBe(204);
  });

  it('enrolling another factor takes an aal2 session', async () => {
    const { aal1Headers, headers } = await userWithTotp(ctx);
    const refused = await enrolTotp(ctx, aal1Headers, 'Tablet');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('aal2_required');
    expect((await enrolTotp(ctx, headers, 'Tablet')).statusCode).toBe(201);
  });

  it('new recovery codes need aal2 and replace the old ones', async () => {
    const { user, recoveryCodes, headers, aal1Headers } = await userWithTotp(ctx);
    expect((await regenerate(aal1Headers)).statusCode).toBe(403);
    const res = await regenerate(headers);
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const old = await mfaVerify(ctx, {
      ticket: await ticketFor(ctx, user.email),
      recoveryCode: recoveryCodes[0],
    });
    expect(old.statusCode).toBe(401);
    const current = await mfaVerify(ctx, {
      ticket: await ticketFor(ctx, user.email),
      recoveryCode: fresh[0],
    });
    expect(current.statusCode).toBe(200);
  });

  it('has no recovery codes to make before a factor is verified', async () => {
    const res = await regenerate(await signedIn());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('no_verified_factor');
  });

  it('a second verified factor brings no new recovery codes', async () => {
    const { headers } = await userWithTotp(ctx);
    const { id, totp } = (await enrolTotp(ctx, headers, 'Tablet')).json();
    const res = await verifyFactor(ctx, headers, id, { code: await totpCode(totp.secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json().verified).toBe(true);
    expect(res.json().recovery_codes).toBeUndefined();
  });

  it('a verified factor steps an aal1 session up to aal2', async () => {
    const { factorId, secret, aal1Headers } = await userWithTotp(ctx);
    const res = await verifyFactor(ctx, aal1Headers, factorId, { code: await totpCode(secret, 1) });
    expect(res.statusCode).toBe(200);
    const aal2 = bearer(res.json().session.access_token);
    expect((await remove(aal2, factorId)).statusCode).toBe(204);
  });
});

describe('TOTP secrets at rest', () => {
  it('are kept as plain text without ENCRYPTION_KEY', async () => {
    const { id } = (await enrolTotp(ctx, await signedIn())).json();
    const [row] = await ctx.database.db.select().from(mfaFactors).where(eq(mfaFactors.id, id));
    expect(row?.totpSecret).toMatch(/^plain:[A-Z2-7]+$/);
  });

  it('are sealed with AES-256-GCM when ENCRYPTION_KEY is set, and still verify', async () => {
    const sealed = await createTestApp({ ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    try {
      const { user, secret, factorId } = await userWithTotp(sealed);
      const [row] = await sealed.database.db
        .select()
        .from(mfaFactors)
        .where(eq(mfaFactors.id, factorId));
      expect(row?.totpSecret).toMatch(/^v1:/);
      expect(row?.totpSecret).not.toContain(secret);
      const ticket = await ticketFor(sealed, user.email);
      const res = await mfaVerify(sealed, { ticket, factorId, code: await totpCode(secret, 1) });
      expect(res.statusCode).toBe(200);
    } finally {
      await sealed.close();
    }
  });
});
