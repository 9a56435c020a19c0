import { IDENTITY_MESSAGES } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, mfaFactors, sessions, whitelist } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { signInAs } from '../support/auth';
import { createUser } from '../support/factories';
import { exchange, signInThroughProvider, startProvider, type TestProvider } from './oidc.support';

let provider: TestProvider;
let ctx: TestApp;
let people = 0;

type Headers = { authorization: string };

/** A new account made by signing in through the provider: its headers and user id. */
async function providerAccount(): Promise<{ headers: Headers; userId: string; email: string }> {
  people += 1;
  const email = `linked${people}.${Date.now().toString(36)}@oidc.test`;
  provider.as({ sub: `linked-${people}-${Date.now()}`, email, email_verified: true });
  await ctx.database.db.insert(whitelist).values({ email, roleAllowed: 'creator' });
  const flow = await signInThroughProvider(ctx);
  const res = await exchange(ctx, flow.code ?? '', flow.verifier);
  expect(res.statusCode, res.body).toBe(200);
  const { session } = res.json();
  return {
    headers: { authorization: `Bearer ${session.access_token}` },
    userId: session.user.id,
    email,
  };
}

function methods(headers: Headers) {
  return ctx.app.inject({ method: 'GET', url: '/api/user/identities', headers });
}

function unlink(headers: Headers, identityId: string) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/user/identities/${identityId}`, headers });
}

function setFirstPassword(headers: Headers, newPassword: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/account/password/first',
    headers,
    payload: { newPassword },
  });
}

beforeAll(async () => {
  provider = await startProvider();
  ctx = await createTestApp(provider.env);
});

afterAll(async () => {
  await ctx.close();
  await provider.stop();
});

describe('GET /api/user/identities', () => {
  it('lists an account made through a provider: no password, the identity with its provider and email', async () => {
    const { headers, email } = await providerAccount();
    const res = await methods(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      hasPassword: false,
      passkeys: 0,
      identities: [{ provider: 'test', providerName: 'Test ID', email }],
    });
  });

  it('lists a password account with no identities', async () => {
    const user = await createUser(ctx.database.db, { password: 'secret123' });
    const res = await methods(await signInAs(ctx, user));
    expect(res.json()).toEqual({ hasPassword: true, passkeys: 0, identities: [] });
  });

  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/identities' });
    expect(res.statusCode).toBe(401);
  });
});

describe('unlinking and setting a first password', () => {
  it('refuses to unlink the only way to sign in, then unlinks it once a password is set', async () => {
    const { headers } = await providerAccount();
    const [identity] = (await methods(headers)).json().identities;

    const refused = await unlink(headers, identity.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(IDENTITY_MESSAGES.lastSignInMethod);

    const set = await setFirstPassword(headers, 'brand new pw');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe(IDENTITY_MESSAGES.passwordSet);

    const done = await unlink(headers, identity.id);
    expect(done.statusCode).toBe(204);
    expect((await methods(headers)).json()).toMatchObject({ hasPassword: true, identities: [] });
  });

  it('signs in with the password it set', async () => {
    const { headers, email } = await providerAccount();
    await setFirstPassword(headers, 'brand new pw');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: 'brand new pw' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().session.user.email).toBe(email);
  });

  it('refuses a first password over an existing one', async () => {
    const user = await createUser(ctx.database.db, { password: 'secret123' });
    const res = await setFirstPassword(await signInAs(ctx, user), 'another one');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(IDENTITY_MESSAGES.passwordAlreadySet);
  });

  it('asks for a fresh sign-in when the session is older than ten minutes', async () => {
    const { headers, userId } = await providerAccount();
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(sessions.userId, userId));
    const res = await setFirstPassword(headers, 'brand new pw');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(IDENTITY_MESSAGES.recentSignInRequired);
  });

  it("validates the new password with SPEC.md's message", async () => {
    const { headers } = await providerAccount();
    const res = await setFirstPassword(headers, 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Password must be at least 6 characters');
  });

  it("answers 404 for someone else's identity and leaves it linked", async () => {
    const owner = await providerAccount();
    const [identity] = (await methods(owner.headers)).json().identities;
    const stranger = await createUser(ctx.database.db, { password: 'secret123' });
    const res = await unlink(await signInAs(ctx, stranger), identity.id);
    expect(res.statusCode).toBe(404);
    const still = await ctx.database.db
      .select()
      .from(identities)
      .where(eq(identities.id, identity.id));
    expect(still).toHaveLength(1);
  });

  it('refuses to remove a passkey that is the last way to sign in', async () => {
    const user = await createUser(ctx.database.db);
    const [passkey] = await ctx.database.db
      .insert(mfaFactors)
      .values({
        userId: user.id,
        factorType: 'webauthn',
        friendlyName: 'Laptop',
        verifiedAt: new Date(),
        webauthnCredentialId: `cred-${user.id}`,
        webauthnPublicKey: 'pk',
      })
      .returning();
    const headers = await signInAs(ctx, user);
    await ctx.database.db.update(sessions).set({ aal: 'aal2' }).where(eq(sessions.userId, user.id));
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/factors/${passkey?.id}`,
      headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(IDENTITY_MESSAGES.lastPasskey);
  });
});
