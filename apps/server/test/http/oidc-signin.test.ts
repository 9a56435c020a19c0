import { IDENTITY_MESSAGES, withProvider } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import { Events } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { identities, mfaFactors, users, whitelist } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createInvite, createUser } from '../support/factories';
import {
  atProvider,
  authorize,
  exchange,
  followCallback,
  pkcePair,
  signInThroughProvider,
  startProvider,
  type TestProvider,
} from './oidc.support';

let provider: TestProvider;
let ctx: TestApp;
let people = 0;

/** A person at the provider with a verified address of their own. */
function newPerson(extra: Record<string, unknown> = {}) {
  people += 1;
  const email = `person${people}.${Date.now().toString(36)}@oidc.test`;
  const claims = { sub: `sub-${people}-${Date.now()}`, email, email_verified: true, ...extra };
  provider.as(claims);
  return claims;
}

async function whitelistEmail(email: string, role: 'creator' | 'brand' | 'viewer' | 'admin') {
  await ctx.database.db.insert(whitelist).values({ email, roleAllowed: role });
}

beforeAll(async () => {
  provider = await startProvider();
  ctx = await createTestApp(provider.env);
});

afterAll(async () => {
  await ctx.close();
  await provider.stop();
});

describe('GET /api/auth/providers', () => {
  it('lists the configured providers by id and name', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [{ id: 'test', name: 'Test ID' }] });
  });

  it('lists none when none is configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.json()).toEqual({ providers: [] });
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/authorize', () => {
  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge of its own', async () => {
    const { challenge } = pkcePair();
    const res = await authorize(ctx, challenge);
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location ?? '');
    expect(url.origin).toBe(new URL(provider.issuer).origin);
    expect(url.searchParams.get('client_id')).toBe('adreel-test');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    // Our challenge towards the provider is not the client's: the client's verifier never leaves it.
    expect(url.searchParams.get('code_challenge')).not.toBe(challenge);
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('refuses redirect_to %j (no open redirect)', async (redirectTo) => {
    const res = await authorize(ctx, pkcePair().challenge, { redirectTo });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(IDENTITY_MESSAGES.badRedirect);
  });

  it('sends the browser back with an explanation when the provider cannot be reached', async () => {
    const down = await createTestApp({
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'test', name: 'Down', issuer: 'http://127.0.0.1:9/', clientId: 'x' },
      ]),
    });
    try {
      const res = await authorize(down, pkcePair().challenge);
      expect(res.statusCode).toBe(302);
      const landed = new URL(res.headers.location ?? '', 'http://localhost:3000');
      expect(landed.pathname).toBe('/auth/callback');
      expect(landed.searchParams.get('error')).toBe('provider_unavailable');
      expect(landed.searchParams.get('error_description')).toBe(
        IDENTITY_MESSAGES.providerUnavailable,
      );
    } finally {
      await down.close();
    }
  });

  it('refuses an unknown provider and a missing code challenge', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/authorize?provider=nope&redirect_to=/auth/callback&code_challenge=${pkcePair().challenge}`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(IDENTITY_MESSAGES.unknownProvider);
    const noChallenge = await ctx.app.inject({
      method: 'GET',
      url: '/api/authorize?provider=test&redirect_to=/auth/callback',
    });
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().error.message).toBe(IDENTITY_MESSAGES.codeChallengeRequired);
  });
});

describe('signing in through the provider', () => {
  it('creates the account of a whitelisted address with its whitelist role, verified, and signs it in', async () => {
    const person = newPerson({ name: 'Ada Lovelace', preferred_username: 'ada' });
    await whitelistEmail(person.email, 'creator');
    const flow = await signInThroughProvider(ctx, { redirectTo: '/auth/callback?next=%2Fbriefs' });
    expect(flow.landed.pathname).toBe('/auth/callback');
    expect(flow.landed.searchParams.get('next')).toBe('/briefs');
    expect(flow.code).toBeTruthy();

    const res = await exchange(ctx, flow.code ?? '', flow.verifier);
    expect(res.statusCode, res.body).toBe(200);
    const { session } = res.json();
    expect(session.user).toMatchObject({
      email: person.email,
      role: 'creator',
      emailVerified: true,
      displayName: 'Ada Lovelace',
    });
    expect(session.user.username).toMatch(/^ada/);
    // Exactly like password sign-in: the refresh token in its httpOnly cookie.
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('adreel_refresh=');
    expect(cookie).toContain('HttpOnly');

    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, person.email));
    expect(user?.passwordHash).toBeNull();
  });

  it('signs the same person in again to the same account', async () => {
    const person = newPerson();
    await whitelistEmail(person.email, 'viewer');
    const first = await signInThroughProvider(ctx);
    const one = (await exchange(ctx, first.code ?? '', first.verifier)).json();
    const second = await signInThroughProvider(ctx);
    const two = (await exchange(ctx, second.code ?? '', second.verifier)).json();
    expect(two.session.user.id).toBe(one.session.user.id);
  });

  it("refuses an address that is neither whitelisted nor brings an invite, with SPEC.md's private-beta message", async () => {
    const person = newPerson();
    const flow = await signInThroughProvider(ctx);
    expect(flow.code).toBeNull();
    expect(flow.landed.searchParams.get('error')).toBe('private_beta');
    expect(flow.landed.searchParams.get('error_description')).toBe(
      'Adreel is in private beta. Request access at /join or use an invite code.',
    );
    const created = await ctx.database.db.select().from(users).where(eq(users.email, person.email));
    expect(created).toHaveLength(0);
  });

  it("lets an invite code carried through the flow in, with the invite's role, and uses it up", async () => {
    newPerson();
    const invite = await createInvite(ctx.database.db, { role: 'brand' });
    const flow = await signInThroughProvider(ctx, { inviteCode: invite.code.toLowerCase() });
    const res = await exchange(ctx, flow.code ?? '', flow.verifier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session.user.role).toBe('brand');

    newPerson();
    const again = await signInThroughProvider(ctx, { inviteCode: invite.code });
    expect(again.landed.searchParams.get('error')).toBe('private_beta');
  });

  it('never links a proven account by email: its owner signs in and links it from /account', async () => {
    const owner = await createUser(ctx.database.db, { role: 'creator', password: 'secret123' });
    newPerson({ email: owner.email });
    const flow = await signInThroughProvider(ctx);
    expect(flow.code).toBeNull();
    expect(flow.landed.searchParams.get('error')).toBe('link_from_account');
    expect(flow.landed.searchParams.get('error_description')).toBe(
      withProvider(IDENTITY_MESSAGES.linkFromAccount, 'Test ID'),
    );
    const linked = await ctx.database.db
      .select()
      .from(identities)
      .where(eq(identities.userId, owner.id));
    expect(linked).toEqual([]);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(after?.passwordHash).not.toBeNull();
  });

  it('takes the unproven password off an unverified account it links to (no pre-registered takeover)', async () => {
    const squatter = await createUser(ctx.database.db, {
      password: 'squatter1',
      emailVerified: false,
    });
    newPerson({ email: squatter.email });
    const flow = await signInThroughProvider(ctx);
    const res = await exchange(ctx, flow.code ?? '', flow.verifier);
    expect(res.json().session.user).toMatchObject({ id: squatter.id, emailVerified: true });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: squatter.email, password: 'squatter1' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('refuses an address the provider has not verified, and links nothing', async () => {
    const owner = await createUser(ctx.database.db, { password: 'secret123' });
    newPerson({ email: owner.email, email_verified: false });
    const flow = await signInThroughProvider(ctx);
    expect(flow.landed.searchParams.get('error')).toBe('email_not_verified');
    expect(flow.landed.searchParams.get('error_description')).toBe(
      IDENTITY_MESSAGES.emailNotVerified,
    );
    const linked = await ctx.database.db
      .select()
      .from(identities)
      .where(eq(identities.userId, owner.id));
    expect(linked).toHaveLength(0);
  });

  it('asks for the second factor when the account has a verified one', async () => {
    const owner = await createUser(ctx.database.db, { password: 'secret123' });
    await ctx.database.db.insert(mfaFactors).values({
      userId: owner.id,
      factorType: 'totp',
      totpSecret: 'plain:JBSWY3DPEHPK3PXP',
      verifiedAt: new Date(),
    });
    const person = newPerson({ email: owner.email });
    await ctx.database.db
      .insert(identities)
      .values({ userId: owner.id, provider: 'test', subject: person.sub, email: owner.email });
    const flow = await signInThroughProvider(ctx);
    const res = await exchange(ctx, flow.code ?? '', flow.verifier);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.session).toBeUndefined();
    expect(body.mfa.ticket).toBeTruthy();
    expect(body.mfa.factors).toMatchObject([{ factorType: 'totp' }]);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('what a sign-in refuses', () => {
  it('refuses a callback whose state matches no flow', async () => {
    newPerson();
    const pkce = pkcePair();
    const started = await authorize(ctx, pkce.challenge);
    const callback = await atProvider(started.headers.location ?? '');
    callback.searchParams.set('state', 'forged-state');
    const landed = await followCallback(ctx, callback);
    expect(landed.pathname).toBe('/auth/callback');
    expect(landed.searchParams.get('error')).toBe('flow_expired');
    expect(landed.searchParams.get('code')).toBeNull();
  });

  it("refuses the provider's answer replayed to the callback", async () => {
    const person = newPerson();
    await whitelistEmail(person.email, 'viewer');
    const flow = await signInThroughProvider(ctx);
    expect(flow.code).toBeTruthy();
    const replayed = await followCallback(ctx, flow.callback);
    expect(replayed.searchParams.get('error')).toBe('flow_expired');
    expect(replayed.searchParams.get('code')).toBeNull();
  });

  it('refuses our one-time code a second time, and without the right verifier', async () => {
    const person = newPerson();
    await whitelistEmail(person.email, 'viewer');
    const flow = await signInThroughProvider(ctx);
    const stolen = await exchange(ctx, flow.code ?? '', pkcePair().verifier);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe(IDENTITY_MESSAGES.flowExpired);
    // A wrong verifier spends the code too: its holder cannot keep guessing.
    const owner = await exchange(ctx, flow.code ?? '', flow.verifier);
    expect(owner.statusCode).toBe(400);

    const next = await signInThroughProvider(ctx);
    expect((await exchange(ctx, next.code ?? '', next.verifier)).statusCode).toBe(200);
    expect((await exchange(ctx, next.code ?? '', next.verifier)).statusCode).toBe(400);
  });

  it('refuses an ID token made for another client (wrong audience)', async () => {
    const person = newPerson({ aud: 'someone-else' });
    await whitelistEmail(person.email, 'viewer');
    const flow = await signInThroughProvider(ctx);
    expect(flow.code).toBeNull();
    expect(flow.landed.searchParams.get('error')).toBe('invalid_token');
    expect(flow.landed.searchParams.get('error_description')).toBe(IDENTITY_MESSAGES.signInFailed);
  });

  it('refuses an ID token from another issuer, and an expired one', async () => {
    const person = newPerson({ iss: 'https://issuer.evil.example' });
    await whitelistEmail(person.email, 'viewer');
    const forged = await signInThroughProvider(ctx);
    expect(forged.landed.searchParams.get('error')).toBe('invalid_token');

    const now = Math.floor(Date.now() / 1000);
    provider.as({ ...person, iss: provider.issuer, iat: now - 7200, exp: now - 3600 });
    const expired = await signInThroughProvider(ctx);
    expect(expired.landed.searchParams.get('error')).toBe('invalid_token');
  });

  it("refuses an ID token whose signature does not match the provider's published key", async () => {
    const person = newPerson();
    await whitelistEmail(person.email, 'viewer');
    // The provider publishes a second key; the next tokens name the key that did not sign them.
    const other = await provider.server.issuer.keys.generate('RS256');
    const kids = provider.server.issuer.keys.toJSON().map((key) => String(key.kid));
    const misname = (token: { header: Record<string, unknown> }) => {
      token.header.kid = kids.find((kid) => kid !== token.header.kid) ?? other.kid;
    };
    provider.server.service.on(Events.BeforeTokenSigning, misname);
    onTestFinished(() => {
      provider.server.service.off(Events.BeforeTokenSigning, misname);
    });
    const flow = await signInThroughProvider(ctx);
    expect(flow.code).toBeNull();
    expect(flow.landed.searchParams.get('error')).toBe('invalid_token');
  });
});
