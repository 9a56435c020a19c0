/**
 * WebAuthn at the HTTP level with the real library: the options each ceremony starts with, and the
 * challenges stored for whichever process verifies. A real authenticator's answers are covered by
 * the browser journey (Chrome's virtual authenticator) and mfa-webauthn-ceremony.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaChallenges, mfaFactors, sessions } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { bearer, type Headers, PASSWORD, signIn, ticketFor, userWithTotp } from './mfa.support';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function b64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** A verified passkey written straight to the table (its key is never used here). */
async function addPasskey(user: TestUser, friendlyName = 'Security key') {
  const [factor] = await ctx.database.db
    .insert(mfaFactors)
    .values({
      userId: user.id,
      factorType: 'webauthn',
      friendlyName,
      verifiedAt: new Date(),
      webauthnCredentialId: b64url(randomBytes(16)),
      webauthnPublicKey: b64url(randomBytes(77)),
      webauthnTransports: ['usb', 'nfc'],
    })
    .returning();
  if (!factor) throw new Error('no factor');
  return factor;
}

async function challengesOf(filter: { factorId?: string; id?: string }) {
  const where = filter.id
    ? eq(mfaChallenges.id, filter.id)
    : eq(mfaChallenges.factorId, filter.factorId ?? '');
  return ctx.database.db.select().from(mfaChallenges).where(where);
}

async function signedInUser(): Promise<{ user: TestUser; headers: Headers }> {
  const user = await createUser(ctx.database.db, { password: PASSWORD });
  return { user, headers: bearer((await signIn(ctx, user.email)).json().session.access_token) };
}

function enrolPasskey(headers: Headers, friendlyName = 'Laptop') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/factors',
    headers,
    payload: { factor_type: 'webauthn', friendly_name: friendlyName },
  });
}

/** A registration answer that names `challenge` but proves nothing. */
function forgedRegistration(challenge: string) {
  const clientData = { type: 'webauthn.create', challenge, origin: 'http://localhost:3000' };
  return {
    id: b64url('credential'),
    rawId: b64url('credential'),
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: b64url(JSON.stringify(clientData)), attestationObject: 'o2Nm' },
  };
}

describe('passkey enrolment', () => {
  it('answers registration options for this site and stores their challenge', async () => {
    const { user, headers } = await signedInUser();
    const existing = await addPasskey(user);
    // With a verified factor, enrolling another takes a session that passed one.
    const sid = String(decodeJwt(headers.authorization.slice('Bearer '.length)).sid);
    await ctx.database.db.update(sessions).set({ aal: 'aal2' }).where(eq(sessions.id, sid));
    const res = await enrolPasskey(headers);
    expect(res.statusCode).toBe(201);
    const { id, factor_type, webauthn } = res.json();
    expect(factor_type).toBe('webauthn');
    expect(webauthn.options).toMatchObject({
      rp: { name: 'Adreel', id: 'localhost' },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      excludeCredentials: [
        { id: existing.webauthnCredentialId, type: 'public-key', transports: ['usb', 'nfc'] },
      ],
    });
    expect(webauthn.options.user.id).toBe(b64url(user.id));

    const [challenge] = await challengesOf({ factorId: id });
    expect(challenge).toMatchObject({
      purpose: 'webauthn_registration',
      userId: user.id,
      webauthnChallenge: webauthn.options.challenge,
      verifiedAt: null,
    });
    const ttl = (challenge?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000);
  });

  it('needs a name for the passkey', async () => {
    const { headers } = await signedInUser();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/factors',
      headers,
      payload: { factor_type: 'webauthn' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Name is required');
  });

  it('makes fresh registration options on /challenge while unverified', async () => {
    const { headers } = await signedInUser();
    const { id, webauthn } = (await enrolPasskey(headers)).json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/factors/${id}/challenge`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ factor_type: 'webauthn', id: expect.any(String) });
    expect(body.webauthn.options.challenge).not.toBe(webauthn.options.challenge);
    expect(await challengesOf({ factorId: id })).toHaveLength(2);
  });

  it('refuses an answer to a challenge it never gave', async () => {
    const { headers } = await signedInUser();
    const { id } = (await enrolPasskey(headers)).json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/factors/${id}/verify`,
      headers,
      payload: { response: forgedRegistration(b64url(randomBytes(32))) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('challenge_expired');
  });

  it('refuses an answer that does not verify, and spends the challenge', async () => {
    const { headers } = await signedInUser();
    const { id, webauthn } = (await enrolPasskey(headers)).json();
    const verify = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/factors/${id}/verify`,
        headers,
        payload: { response: forgedRegistration(webauthn.options.challenge) },
      });
    const first = await verify();
    expect(first.statusCode).toBe(401);
    expect(first.json().error.code).toBe('webauthn_failed');
    expect((await verify()).json().error.code).toBe('challenge_expired');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/factors', headers });
    expect(list.json().factors).toMatchObject([{ id, verified: false }]);
  });

  it('offers a verified passkey assertion options for a step-up', async () => {
    const { user, headers } = await signedInUser();
    const passkey = await addPasskey(user);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/factors/${passkey.id}/challenge`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().webauthn.options).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [{ id: passkey.webauthnCredentialId, type: 'public-key' }],
    });
    const [stored] = await challengesOf({ id: res.json().id });
    expect(stored).toMatchObject({ purpose: 'webauthn_authentication', factorId: passkey.id });
  });
});

describe('sign-in second step by passkey', () => {
  it("offers the user's verified passkeys and stores the challenge", async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const passkey = await addPasskey(user);
    const ticket = await ticketFor(ctx, user.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/webauthn/options',
      payload: { ticket },
    });
    expect(res.statusCode).toBe(200);
    const { options } = res.json();
    expect(options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'preferred',
      allowCredentials: [
        { id: passkey.webauthnCredentialId, type: 'public-key', transports: ['usb', 'nfc'] },
      ],
    });
    const [stored] = await ctx.database.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.webauthnChallenge, options.challenge));
    expect(stored).toMatchObject({
      purpose: 'webauthn_authentication',
      userId: user.id,
      factorId: null,
    });
  });

  it('says so when the account has no passkey', async () => {
    const { user } = await userWithTotp(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/webauthn/options',
      payload: { ticket: await ticketFor(ctx, user.email) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('no_webauthn_factor');
  });

  it('needs a valid ticket', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/webauthn/options',
      payload: { ticket: 'forged' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('sign in with a passkey', () => {
  it('answers options for any passkey of the site, keyed by a stored challenge', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
    expect(res.statusCode).toBe(200);
    const { challengeId, options } = res.json();
    expect(options.allowCredentials).toBeUndefined();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const [stored] = await challengesOf({ id: challengeId });
    expect(stored).toMatchObject({
      purpose: 'passkey',
      userId: null,
      factorId: null,
      webauthnChallenge: options.challenge,
    });
  });

  it('refuses a passkey no account has, and an unknown challenge', async () => {
    const { challengeId, options } = (
      await ctx.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })
    ).json();
    const clientData = { type: 'webauthn.get', challenge: options.challenge };
    const response = {
      id: b64url('nobody'),
      rawId: b64url('nobody'),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(JSON.stringify(clientData)),
        authenticatorData: 'AAAA',
        signature: 'AAAA',
      },
    };
    const verify = (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/passkey/verify',
        payload: { challengeId: id, response },
      });
    const unknown = await verify(challengeId);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('passkey_unknown');
    const spent = await verify(challengeId);
    expect(spent.statusCode).toBe(400);
    expect(spent.json().error.code).toBe('challenge_expired');
  });

  it('refuses a request from another site', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/options',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
