/**
 * Issue 13 item 1: whoever controls the mailbox ends up the only one with the account (decision
 * 022; the pre-account hijacking of Sudhodanan & Paverd, USENIX Security 2022). A squatter who signs
 * up first with a whitelisted address (admin here) gains nothing: no factor while the address is
 * unproven, and when the owner proves it every session, password, factor and identity the squatter
 * set up is gone, and the whitelisted role goes to the owner alone.
 */
import { randomBytes } from 'node:crypto';
import { OWNERSHIP_MESSAGES } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identities, mfaFactors, profiles, users, whitelist } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';
import { linkTokenFrom } from '../support/mail';

let ctx: TestApp;
beforeAll(async () => {
  // Every request here comes from one address; the limits have tests of their own.
  ctx = await createTestApp(
    {},
    { rateLimits: { signUpPerIp: 1000, signInPerIp: 1000, signInPerAccount: 1000 } },
  );
});
afterAll(() => ctx.close());

const SQUATTER_PASSWORD = 'squatter password';
const OWNER_PASSWORD = 'owner password';
let owner: string;
let counter = 0;

beforeEach(async () => {
  counter += 1;
  owner = `owner${counter}@example.com`;
  await ctx.database.db.insert(whitelist).values({ email: owner, roleAllowed: 'admin' });
});

function post(url: string, payload: unknown, cookies: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, cookies });
}

/** The squatter signs up first with the owner's address; answers the sign-up binding cookie. */
async function squatterSignsUp(): Promise<string | undefined> {
  const res = await post('/api/auth/signup', {
    username: `official${counter}`,
    displayName: 'Official Support',
    email: owner,
    password: SQUATTER_PASSWORD,
    role: 'brand',
  });
  expect(res.statusCode).toBeLessThan(300);
  return res.cookies.find((cookie) => cookie.name === 'adreel_signup')?.value;
}

/** A password sign-in as an API client: the session's access and refresh tokens. */
async function passwordSignIn(password: string) {
  return post('/api/auth/token?grant_type=password', { email: owner, password });
}

async function squatterSignsIn() {
  const res = await passwordSignIn(SQUATTER_PASSWORD);
  expect(res.statusCode).toBe(200);
  const { access_token, refresh_token } = res.json().session;
  return { headers: { authorization: `Bearer ${access_token}` }, refreshToken: refresh_token };
}

function refresh(refreshToken: string) {
  return post('/api/auth/token?grant_type=refresh_token', { refresh_token: refreshToken });
}

async function userId(): Promise<string> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, owner));
  if (!row) throw new Error('no account');
  return row.id;
}

/** What a squatter could have added before decision 022: a passkey and a provider identity. */
async function squatterCredentialsFromBefore(id: string) {
  await ctx.database.db.insert(mfaFactors).values({
    userId: id,
    factorType: 'webauthn',
    friendlyName: 'Squatter key',
    verifiedAt: new Date(),
    webauthnCredentialId: randomBytes(16).toString('base64url'),
    webauthnPublicKey: randomBytes(77).toString('base64url'),
  });
  await ctx.database.db
    .insert(identities)
    .values({ userId: id, provider: 'google', subject: `squatter-${counter}`, email: owner });
}

async function credentialsLeft(id: string) {
  const factors = await ctx.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, id));
  const linked = await ctx.database.db.select().from(identities).where(eq(identities.userId, id));
  return { factors: factors.length, identities: linked.length };
}

describe('pre-account hijacking (issue 13 item 1)', () => {
  it("refuses the squatter's passkey, TOTP and phone enrolment while the address is unverified", async () => {
    await squatterSignsUp();
    const { headers } = await squatterSignsIn();
    for (const payload of [
      { factor_type: 'webauthn', friendly_name: 'Squatter key' },
      { factor_type: 'totp' },
      { factor_type: 'phone', phone: '+14155550123' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/factors', headers, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'email_not_verified',
        // Refused before the enrolment is looked at: an unproven session may only look after its
        // own sign-in and data (issue 25 item 1).
        message: OWNERSHIP_MESSAGES.unprovenSession,
        requestId: expect.any(String),
      });
    }
    expect((await credentialsLeft(await userId())).factors).toBe(0);
    // And the whitelisted role waits: the squatter is a viewer.
    const me = await passwordSignIn(SQUATTER_PASSWORD);
    expect(me.json().session.user).toMatchObject({ roles: ['viewer'], emailVerified: false });
    // Nor is it told of the role the whitelist keeps for the address (issue 25 item 1).
    expect(me.json().session.user).not.toHaveProperty('pendingRole');
  });

  it("owner proving by the verification link in another browser ends the squatter's sessions, password, factors and identities; only the owner gets the role", async () => {
    await squatterSignsUp();
    const squatter = await squatterSignsIn();
    const id = await userId();
    await squatterCredentialsFromBefore(id);

    // The owner opens the mailed link in their own browser: no sign-up binding there. Asking
    // spends nothing; the owner then chooses a password (and here a username of their own).
    const token = await linkTokenFrom(ctx.database.db, owner, 'verify_email');
    const ask = await post('/api/auth/verify-email', { token });
    const proven = await post('/api/auth/verify-email', {
      token,
      password: OWNER_PASSWORD,
      username: `owner_${counter}`,
    });

    // What the squatter notices: the session, the password and the passkey are gone.
    expect((await refresh(squatter.refreshToken)).statusCode).toBe(401);
    expect((await passwordSignIn(SQUATTER_PASSWORD)).statusCode).toBe(401);
    expect(await credentialsLeft(id)).toEqual({ factors: 0, identities: 0 });

    expect(ask.statusCode).toBe(200);
    expect(ask.json()).toMatchObject({ passwordRequired: true, email: owner });
    expect(proven.statusCode).toBe(200);
    expect(proven.json().session.user).toMatchObject({
      id,
      emailVerified: true,
      role: 'admin',
      username: `owner_${counter}`,
      displayName: `owner_${counter}`,
    });
    expect(proven.cookies.find((cookie) => cookie.name === 'adreel_refresh')?.value).toBeTruthy();
    const owners = await passwordSignIn(OWNER_PASSWORD);
    expect(owners.statusCode).toBe(200);
    expect(owners.json().session.user.roles).toContain('admin');
    // The link is spent: opened again it signs nobody in.
    const again = await post('/api/auth/verify-email', { token, password: 'another one' });
    expect(again.statusCode).toBe(400);
  });

  it("owner proving by a password reset ends the squatter's sessions, password, factors and identities; only the owner gets the role", async () => {
    await squatterSignsUp();
    const squatter = await squatterSignsIn();
    const id = await userId();
    await squatterCredentialsFromBefore(id);

    // "Email taken": the owner asks for a reset link instead.
    expect((await post('/api/auth/recover', { email: owner })).statusCode).toBe(202);
    const token = await linkTokenFrom(ctx.database.db, owner, 'reset_password');
    const reset = await post('/api/auth/reset-password', { token, password: OWNER_PASSWORD });
    expect(reset.statusCode).toBe(200);

    expect((await refresh(squatter.refreshToken)).statusCode).toBe(401);
    expect((await passwordSignIn(SQUATTER_PASSWORD)).statusCode).toBe(401);
    expect(await credentialsLeft(id)).toEqual({ factors: 0, identities: 0 });
    // The owner signs in with the password alone (no squatter's passkey asked for) and is admin.
    const owners = await passwordSignIn(OWNER_PASSWORD);
    expect(owners.statusCode).toBe(200);
    expect(owners.json().session.user).toMatchObject({ emailVerified: true, role: 'admin' });
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(profile?.displayName).toBe(profile?.username);
  });

  it('removes a passkey left on an unverified account from before this rule when the address is proven', async () => {
    const legacy = await createUser(ctx.database.db, {
      email: owner,
      password: SQUATTER_PASSWORD,
      emailVerified: false,
    });
    const squatter = await squatterSignsIn();
    await squatterCredentialsFromBefore(legacy.id);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email/resend',
          headers: squatter.headers,
        })
      ).statusCode,
    ).toBe(202);

    const token = await linkTokenFrom(ctx.database.db, owner, 'verify_email');
    const proven = await post('/api/auth/verify-email', { token, password: OWNER_PASSWORD });
    expect(await credentialsLeft(legacy.id)).toEqual({ factors: 0, identities: 0 });
    expect((await refresh(squatter.refreshToken)).statusCode).toBe(401);
    expect(proven.statusCode).toBe(200);
    expect(proven.json().session.user.role).toBe('admin');
  });

  it('keeps the password of a normal sign-up whose link is opened in the same browser, and signs it in', async () => {
    const signedUp = await post('/api/auth/signup', {
      username: `official${counter}`,
      displayName: 'Official Support',
      email: owner,
      password: SQUATTER_PASSWORD,
      role: 'brand',
    });
    // "Check your inbox", no session: the link is what signs in.
    expect(signedUp.statusCode).toBe(202);
    expect(signedUp.json()).toEqual({ message: OWNERSHIP_MESSAGES.checkInbox });
    expect(signedUp.cookies.some((cookie) => cookie.name === 'adreel_refresh')).toBe(false);
    const binding = signedUp.cookies.find((cookie) => cookie.name === 'adreel_signup')?.value;
    expect(binding).toBeTruthy();
    const token = await linkTokenFrom(ctx.database.db, owner, 'verify_email');
    const proven = await post(
      '/api/auth/verify-email',
      { token },
      { adreel_signup: binding ?? '' },
    );
    expect(proven.statusCode).toBe(200);
    expect(proven.json().session.user).toMatchObject({
      emailVerified: true,
      role: 'admin',
      username: `official${counter}`,
      displayName: 'Official Support',
    });
    expect(proven.cookies.find((cookie) => cookie.name === 'adreel_refresh')?.value).toBeTruthy();
    // The password chosen at sign-up signs in.
    expect((await passwordSignIn(SQUATTER_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the factors of a proven account on a password reset, ending its sessions', async () => {
    const proven = await createUser(ctx.database.db, { email: owner, password: OWNER_PASSWORD });
    await squatterCredentialsFromBefore(proven.id);
    expect((await post('/api/auth/recover', { email: owner })).statusCode).toBe(202);
    const token = await linkTokenFrom(ctx.database.db, owner, 'reset_password');
    expect(
      (await post('/api/auth/reset-password', { token, password: 'new password' })).statusCode,
    ).toBe(200);
    expect(await credentialsLeft(proven.id)).toEqual({ factors: 1, identities: 1 });
  });
});
