/**
 * Helpers for the MFA HTTP tests: real sign-in, TOTP enrolment through the API, and codes computed
 * from the secret the API hands out, as an authenticator app would.
 */
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TestApp } from '../support/app';
import { createUser, type TestUser, type UserOverrides } from '../support/factories';

export const PASSWORD = 'open sesame';
const PERIOD = 30;

export type Headers = { authorization: string };

export function bearer(accessToken: string): Headers {
  return { authorization: `Bearer ${accessToken}` };
}

export function signIn(ctx: TestApp, email: string, password = PASSWORD) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
  });
}

/** The code an authenticator app shows `steps` periods from now. */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * PERIOD });
}

/** Six digits that are none of the codes the server accepts around now. */
export async function wrongCode(secret: string): Promise<string> {
  const near = new Set(
    await Promise.all([-2, -1, 0, 1, 2].map((steps) => totpCode(secret, steps))),
  );
  for (let digit = 0; digit < 10; digit += 1) {
    const candidate = String(digit).repeat(6);
    if (!near.has(candidate)) return candidate;
  }
  throw new Error('unreachable: five codes cannot cover ten candidates');
}

export function aalOf(accessToken: string): unknown {
  return decodeJwt(accessToken).aal;
}

export function enrolTotp(ctx: TestApp, headers: Headers, friendlyName?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/factors',
    headers,
    payload: { factor_type: 'totp', ...(friendlyName ? { friendly_name: friendlyName } : {}) },
  });
}

export function verifyFactor(
  ctx: TestApp,
  headers: Headers,
  factorId: string,
  payload: Record<string, unknown>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/factors/${factorId}/verify`,
    headers,
    payload,
  });
}

export function mfaVerify(ctx: TestApp, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload });
}

export interface TotpUser {
  user: TestUser;
  secret: string;
  factorId: string;
  recoveryCodes: string[];
  /** The enrolling session, raised to aal2 by the verification. */
  headers: Headers;
  /** Another session of the user, opened before the factor existed: still aal1. */
  aal1Headers: Headers;
}

/** A user who signed in with a password, enrolled a TOTP app and verified it. */
export async function userWithTotp(ctx: TestApp, overrides: UserOverrides = {}): Promise<TotpUser> {
  const user = await createUser(ctx.database.db, { password: PASSWORD, ...overrides });
  const earlier = await signIn(ctx, user.email);
  const signedIn = await signIn(ctx, user.email);
  expect(signedIn.statusCode).toBe(200);
  const aal1 = bearer(signedIn.json().session.access_token);
  const enrolled = await enrolTotp(ctx, aal1, 'Phone');
  expect(enrolled.statusCode).toBe(201);
  const { id: factorId, totp } = enrolled.json();
  const verified = await verifyFactor(ctx, aal1, factorId, { code: await totpCode(totp.secret) });
  expect(verified.statusCode).toBe(200);
  const body = verified.json();
  return {
    user,
    secret: totp.secret,
    factorId,
    recoveryCodes: body.recovery_codes,
    headers: bearer(body.session.access_token),
    aal1Headers: bearer(earlier.json().session.access_token),
  };
}

/** Signs in with the password and returns the MFA ticket the answer carries. */
export async function ticketFor(ctx: TestApp, email: string): Promise<string> {
  const res = await signIn(ctx, email);
  expect(res.statusCode).toBe(200);
  const { mfa } = res.json();
  expect(mfa?.ticket).toEqual(expect.any(String));
  return mfa.ticket;
}
