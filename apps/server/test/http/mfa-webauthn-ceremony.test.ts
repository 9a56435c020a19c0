/**
 * The WebAuthn ceremonies end to end over HTTP, with @simplewebauthn/server's two verify functions
 * standing in for an authenticator's signatures: what is tested is our wiring around them (which
 * challenge, origin and RP they are given, what is stored, the counter rule, the session made).
 */
import { randomBytes } from 'node:crypto';
import type {
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mfaFactors } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';
import { aalOf, bearer, PASSWORD, signIn, ticketFor } from './mfa.support';

vi.mock('@simplewebauthn/server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@simplewebauthn/server')>();
  return {
    ...actual,
    verifyRegistrationResponse: vi.fn(),
    verifyAuthenticationResponse: vi.fn(),
  };
});
const registrationCheck = vi.mocked(verifyRegistrationResponse);
const assertionCheck = vi.mocked(verifyAuthenticationResponse);

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => {
  registrationCheck.mockReset();
  assertionCheck.mockReset();
});

const b64url = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');

function registered(credentialId: string): VerifiedRegistrationResponse {
  return {
    verified: true,
    registrationInfo: {
      fmt: 'none',
      aaguid: '00000000-0000-0000-0000-000000000000',
      credential: {
        id: credentialId,
        publicKey: new Uint8Array([1, 2, 3, 4]),
        counter: 0,
        transports: ['internal', 'hybrid'],
      },
      credentialType: 'public-key',
      attestationObject: new Uint8Array([0]),
      userVerified: true,
      credentialDeviceType: 'multiDevice',
      credentialBackedUp: true,
      origin: 'http://localhost:3000',
      rpID: 'localhost',
    },
  };
}

function asserted(credentialId: string, newCounter: number): VerifiedAuthenticationResponse {
  return {
    verified: true,
    authenticationInfo: {
      credentialID: credentialId,
      newCounter,
      userVerified: true,
      credentialDeviceType: 'multiDevice',
      credentialBackedUp: true,
      origin: 'http://localhost:3000',
      rpID: 'localhost',
    },
  };
}

function registrationResponse(credentialId: string, challenge: string) {
  const clientData = { type: 'webauthn.create', challenge, origin: 'http://localhost:3000' };
  return {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(JSON.stringify(clientData)),
      attestationObject: 'o2Nm',
      transports: ['internal'],
    },
  };
}

function assertionResponse(credentialId: string, challenge: string) {
  const clientData = { type: 'webauthn.get', challenge, origin: 'http://localhost:3000' };
  return {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(JSON.stringify(clientData)),
      authenticatorData: 'AAAA',
      signature: 'AAAA',
    },
  };
}

/** A user who enrolled a passkey through the API; the mock vouches for the attestation. */
async function userWithPasskey() {
  const user = await createUser(ctx.database.db, { password: PASSWORD });
  const headers = bearer((await signIn(ctx, user.email)).json().session.access_token);
  const enrolled = await ctx.app.inject({
    method: 'POST',
    url: '/api/factors',
    headers,
    payload: { factor_type: 'webauthn', friendly_name: 'Laptop' },
  });
  const { id: factorId, webauthn } = enrolled.json();
  const credentialId = b64url(randomBytes(16));
  registrationCheck.mockResolvedValueOnce(registered(credentialId));
  const verified = await ctx.app.inject({
    method: 'POST',
    url: `/api/factors/${factorId}/verify`,
    headers,
    payload: { response: registrationResponse(credentialId, webauthn.options.challenge) },
  });
  return { user, headers, factorId, credentialId, verified, challenge: webauthn.options.challenge };
}

async function storedFactor(factorId: string) {
  const [row] = await ctx.database.db.select().from(mfaFactors).where(eq(mfaFactors.id, factorId));
  return row;
}

async function passkeySignIn(credentialId: string) {
  const { challengeId, options } = (
    await ctx.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })
  ).json();
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/passkey/verify',
    payload: { challengeId, response: assertionResponse(credentialId, options.challenge) },
  });
}

describe('passkey enrolment', () => {
  it('verifies the attestation against the stored challenge and this site, then keeps the key', async () => {
    const { verified, factorId, credentialId, challenge } = await userWithPasskey();
    expect(verified.statusCode).toBe(200);
    expect(verified.json().recovery_codes).toHaveLength(10);
    expect(aalOf(verified.json().session.access_token)).toBe('aal2');
    expect(registrationCheck).toHaveBeenCalledWith(
      expect.objectContaining({
        expectedChallenge: challenge,
        expectedOrigin: 'http://localhost:3000',
        expectedRPID: 'localhost',
        requireUserVerification: false,
      }),
    );
    expect(await storedFactor(factorId)).toMatchObject({
      verifiedAt: expect.any(Date),
      webauthnCredentialId: credentialId,
      webauthnPublicKey: b64url(new Uint8Array([1, 2, 3, 4])),
      webauthnSignCount: 0,
      webauthnTransports: ['internal', 'hybrid'],
    });
  });

  it('leaves the factor unverified when the library refuses the attestation', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = bearer((await signIn(ctx, user.email)).json().session.access_token);
    const { id, webauthn } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/factors',
        headers,
        payload: { factor_type: 'webauthn', friendly_name: 'Key' },
      })
    ).json();
    registrationCheck.mockRejectedValueOnce(new Error('Unexpected registration response origin'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/factors/${id}/verify`,
      headers,
      payload: { response: registrationResponse('abc', webauthn.options.challenge) },
    });
    expect(res.statusCode).toBe(401);
    expect((await storedFactor(id))?.verifiedAt).toBeNull();
  });
});

describe('sign in with a passkey', () => {
  it('finds the account by credential, requires user verification and starts an aal2 session', async () => {
    const { user, factorId, credentialId } = await userWithPasskey();
    assertionCheck.mockResolvedValueOnce(asserted(credentialId, 5));
    const res = await passkeySignIn(credentialId);
    expect(res.statusCode).toBe(200);
    expect(res.json().session.user.id).toBe(user.id);
    expect(aalOf(res.json().session.access_token)).toBe('aal2');
    expect(String(res.headers['set-cookie'])).toMatch(/adreel_refresh=.+HttpOnly/i);
    expect(assertionCheck).toHaveBeenCalledWith(
      expect.objectContaining({
        expectedOrigin: 'http://localhost:3000',
        expectedRPID: 'localhost',
        requireUserVerification: true,
        credential: expect.objectContaining({ id: credentialId, counter: 0 }),
      }),
    );
    expect(await storedFactor(factorId)).toMatchObject({
      webauthnSignCount: 5,
      lastUsedAt: expect.any(Date),
    });
  });

  it('refuses a signature counter that goes backwards (a cloned authenticator)', async () => {
    const { factorId, credentialId } = await userWithPasskey();
    assertionCheck.mockResolvedValueOnce(asserted(credentialId, 7));
    expect((await passkeySignIn(credentialId)).statusCode).toBe(200);
    assertionCheck.mockResolvedValueOnce(asserted(credentialId, 3));
    const clone = await passkeySignIn(credentialId);
    expect(clone.statusCode).toBe(401);
    expect(clone.json().error.code).toBe('webauthn_failed');
    expect((await storedFactor(factorId))?.webauthnSignCount).toBe(7);
  });

  it('refuses an assertion the library does not verify', async () => {
    const { credentialId } = await userWithPasskey();
    assertionCheck.mockRejectedValueOnce(new Error('User verification required'));
    const res = await passkeySignIn(credentialId);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('That passkey could not be verified. Please try again.');
  });
});

describe('sign-in second step by passkey', () => {
  it('starts an aal2 session after the password, presence being enough', async () => {
    const { user, credentialId } = await userWithPasskey();
    const ticket = await ticketFor(ctx, user.email);
    const { options } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/webauthn/options',
        payload: { ticket },
      })
    ).json();
    assertionCheck.mockResolvedValueOnce(asserted(credentialId, 1));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/webauthn/verify',
      payload: { ticket, response: assertionResponse(credentialId, options.challenge) },
    });
    expect(res.statusCode).toBe(200);
    expect(aalOf(res.json().session.access_token)).toBe('aal2');
    expect(assertionCheck).toHaveBeenCalledWith(
      expect.objectContaining({
        expectedChallenge: options.challenge,
        requireUserVerification: false,
      }),
    );
  });

  it("refuses another account's passkey", async () => {
    const owner = await userWithPasskey();
    const other = await userWithPasskey();
    const ticket = await ticketFor(ctx, other.user.email);
    const { options } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/webauthn/options',
        payload: { ticket },
      })
    ).json();
    assertionCheck.mockResolvedValue(asserted(owner.credentialId, 9));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/webauthn/verify',
      payload: { ticket, response: assertionResponse(owner.credentialId, options.challenge) },
    });
    expect(res.statusCode).toBe(401);
    expect(assertionCheck).not.toHaveBeenCalled();
  });
});
