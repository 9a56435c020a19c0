/**
 * Issue 13 item 10: sign-in with identity providers as they really behave (decision 026).
 *
 * The provider is panva's `oidc-provider`, certified, with its defaults, started in-process: its ID
 * token of a code flow carries only sub (OIDC Core §5.4), the email scope's claims come from
 * UserInfo, and its discovery document lists client_secret_basic first. Each test names what a
 * person (or an attacker) would notice.
 */
import { Writable } from 'node:stream';
import { IDENTITY_MESSAGES, withProvider } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import { Events } from 'oauth2-mock-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import {
  identities,
  mfaFactors,
  profiles,
  sessions,
  userRoles,
  users,
  whitelist,
} from '../../src/db/schema';
import {
  exchange,
  followCallback,
  signInThroughProvider,
  startProvider,
} from '../http/oidc.support';
import {
  type RealProvider,
  signInWithRealProvider,
  startRealProvider,
  throughProvider,
} from '../http/oidc-provider.support';
import { createTestApp, type TestApp } from '../support/app';
import { signInAs } from '../support/auth';
import { createTestDatabase } from '../support/database';
import { createUser } from '../support/factories';

let provider: RealProvider;
let ctx: TestApp;
let people = 0;

/** A person at the provider; with a verified address unless told otherwise. */
function person(extra: { email?: string; email_verified?: boolean; noEmail?: boolean } = {}) {
  people += 1;
  const sub = `person-${people}-${Date.now().toString(36)}`;
  const email = extra.email ?? `${sub}@idp.test`;
  return provider.addAccount({
    sub,
    ...(extra.noEmail ? {} : { email, email_verified: extra.email_verified ?? true }),
    name: `Person ${people}`,
    preferred_username: `person${people}`,
  });
}

async function whitelistEmail(email: string, role: 'creator' | 'admin' = 'creator') {
  await ctx.database.db.insert(whitelist).values({ email, roleAllowed: role });
}

/** What the browser lands on after the provider, with the session if the code exchanged. */
async function signIn(sub: string, options: { cancel?: boolean } = {}) {
  const flow = await signInWithRealProvider(ctx, sub, options);
  const exchanged = flow.code ? await exchange(ctx, flow.code, flow.verifier) : null;
  return { ...flow, exchanged };
}

function identitiesOf(userId: string) {
  return ctx.database.db.select().from(identities).where(eq(identities.userId, userId));
}

/** /account's "Link": start, go through the provider, come back with the browser's cookie. */
async function linkFromAccount(
  headers: { authorization: string },
  sub: string,
  options: { dropCookie?: boolean } = {},
) {
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/identities/link',
    headers,
    payload: { provider: 'test' },
  });
  if (started.statusCode !== 200) return { started, landed: null };
  const cookie = started.cookies.find((c) => c.name === 'adreel_oidc_link');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.path).toBe('/api/auth/callback');
  const callback = await throughProvider(started.json().url, sub);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    cookies: options.dropCookie || !cookie ? {} : { adreel_oidc_link: cookie.value },
  });
  expect(res.statusCode).toBe(302);
  return { started, landed: new URL(res.headers.location ?? '', 'http://localhost:3000') };
}

beforeAll(async () => {
  provider = await startRealProvider();
  ctx = await createTestApp(provider.env());
});

afterAll(async () => {
  await ctx?.close();
  await provider?.stop();
});

describe('claims from UserInfo', () => {
  it('signs in a whitelisted person whose provider gives the email only from UserInfo', async () => {
    const alice = person();
    await whitelistEmail(alice.email ?? '');
    const { landed, exchanged } = await signIn(alice.sub);
    expect(landed.searchParams.get('error_description')).toBeNull();
    expect(exchanged?.statusCode, exchanged?.body).toBe(200);
    expect(exchanged?.json().session.user.email).toBe(alice.email);
  });

  it('names the real cause when the provider shares no email, and when it has not verified it', async () => {
    const silent = person({ noEmail: true });
    const first = await signIn(silent.sub);
    expect(first.landed.searchParams.get('error')).toBe('email_missing');
    expect(first.landed.searchParams.get('error_description')).toBe(IDENTITY_MESSAGES.emailMissing);

    const unverified = person({ email_verified: false });
    await whitelistEmail(unverified.email ?? '');
    const second = await signIn(unverified.sub);
    expect(second.landed.searchParams.get('error_description')).toBe(
      IDENTITY_MESSAGES.emailNotVerified,
    );
  });

  it("refuses UserInfo about someone else (its sub is not the ID token's)", async () => {
    // oidc-provider never lies about sub; the mock provider can be made to.
    const mock = await startProvider();
    const app = await createTestApp(mock.env);
    try {
      const email = 'victim@idp.test';
      await app.database.db.insert(whitelist).values({ email, roleAllowed: 'viewer' });
      mock.as({ sub: 'attacker' }); // the ID token: no email
      mock.server.service.on(Events.BeforeUserinfo, (response) => {
        response.body = { sub: 'victim', email, email_verified: true };
      });
      const flow = await signInThroughProvider(app);
      expect(flow.landed.searchParams.get('error')).toBe('invalid_token');
      expect(flow.code).toBeNull();
      const [created] = await app.database.db.select().from(users).where(eq(users.email, email));
      expect(created).toBeUndefined();
    } finally {
      await app.close();
      await mock.stop();
    }
  });
});

describe('client_secret_basic', () => {
  it('signs in at a provider that accepts only client_secret_basic (what its discovery prefers)', async () => {
    const strict = await startRealProvider({ only: 'client_secret_basic' });
    const app = await createTestApp(strict.env());
    try {
      const bob = strict.addAccount({ sub: 'bob', email: 'bob@strict.test', email_verified: true });
      await app.database.db
        .insert(whitelist)
        .values({ email: bob.email ?? '', roleAllowed: 'viewer' });
      const flow = await signInWithRealProvider(app, bob.sub);
      expect(flow.landed.searchParams.get('error_description')).toBeNull();
      expect(strict.tokenRequests.at(-1)?.basic).toBe(true);
      expect((await exchange(app, flow.code ?? '', flow.verifier)).statusCode).toBe(200);
    } finally {
      await app.close();
      await strict.stop();
    }
  });

  it('uses client_secret_post for a provider configured so, where basic is refused', async () => {
    const strict = await startRealProvider({ only: 'client_secret_post' });
    const app = await createTestApp(strict.env({ tokenEndpointAuthMethod: 'client_secret_post' }));
    try {
      const carol = strict.addAccount({
        sub: 'carol',
        email: 'carol@post.test',
        email_verified: true,
      });
      await app.database.db
        .insert(whitelist)
        .values({ email: carol.email ?? '', roleAllowed: 'viewer' });
      const flow = await signInWithRealProvider(app, carol.sub);
      expect(flow.landed.searchParams.get('error_description')).toBeNull();
      expect(strict.tokenRequests.at(-1)?.basic).toBe(false);
    } finally {
      await app.close();
      await strict.stop();
    }
  });
});

describe('link from account', () => {
  it('links the provider account to the signed-in account (another address), which it then signs in to', async () => {
    const owner = await createUser(ctx.database.db, { password: 'correct horse battery' });
    const headers = await signInAs(ctx, owner);
    const work = person({ email: `work.${Date.now()}@elsewhere.test` });
    const { landed } = await linkFromAccount(headers, work.sub);
    expect(landed?.pathname).toBe('/account');
    expect(landed?.searchParams.get('linked')).toBe('test');

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/user/identities', headers });
    expect(listed.json().identities).toEqual([
      expect.objectContaining({ provider: 'test', providerName: 'Test ID', email: work.email }),
    ]);
    const again = await signIn(work.sub);
    expect(again.exchanged?.json().session.user.id).toBe(owner.id);
  });

  it('refuses a link finished in a browser that did not start it, and links nothing', async () => {
    const owner = await createUser(ctx.database.db, { password: 'correct horse battery' });
    const victimAtProvider = person();
    const { landed } = await linkFromAccount(await signInAs(ctx, owner), victimAtProvider.sub, {
      dropCookie: true,
    });
    expect(landed?.searchParams.get('error')).toBe('link_expired');
    expect(await identitiesOf(owner.id)).toEqual([]);
  });

  it('refuses to start on an unverified address, or on a session older than ten minutes', async () => {
    const unproven = await createUser(ctx.database.db, {
      emailVerified: false,
      password: 'x'.repeat(12),
    });
    const { started } = await linkFromAccount(await signInAs(ctx, unproven), person().sub);
    expect(started.statusCode).toBe(403);
    expect(started.json().error.code).toBe('email_not_verified');

    const owner = await createUser(ctx.database.db, { password: 'correct horse battery' });
    const headers = await signInAs(ctx, owner);
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(sessions.userId, owner.id));
    const stale = await linkFromAccount(headers, person().sub);
    expect(stale.started.statusCode).toBe(403);
    expect(stale.started.json().error.message).toBe(IDENTITY_MESSAGES.linkRecentSignInRequired);
  });

  it('refuses a provider account already linked to another account', async () => {
    const first = await createUser(ctx.database.db, { password: 'correct horse battery' });
    const second = await createUser(ctx.database.db, { password: 'correct horse battery' });
    const shared = person();
    await linkFromAccount(await signInAs(ctx, first), shared.sub);
    const { landed } = await linkFromAccount(await signInAs(ctx, second), shared.sub);
    expect(landed?.searchParams.get('error_description')).toBe(
      withProvider(IDENTITY_MESSAGES.linkedElsewhere, 'Test ID'),
    );
    expect(await identitiesOf(second.id)).toEqual([]);
    expect(await identitiesOf(first.id)).toHaveLength(1);
  });
});

describe('an unlink that lasts', () => {
  it('does not link the provider again by email after the owner unlinked it', async () => {
    const dana = person();
    const owner = await createUser(ctx.database.db, {
      email: dana.email ?? '',
      password: 'correct horse battery',
    });
    const headers = await signInAs(ctx, owner);
    // Linked earlier (from /account, or by email before decision 026).
    const [linked] = await ctx.database.db
      .insert(identities)
      .values({ userId: owner.id, provider: 'test', subject: dana.sub, email: dana.email })
      .returning();
    const unlinked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/identities/${linked?.id}`,
      headers,
    });
    expect(unlinked.statusCode).toBe(204);

    const later = await signIn(dana.sub);
    expect(later.code).toBeNull();
    expect(later.landed.searchParams.get('error')).toBe('link_from_account');
    expect(later.landed.searchParams.get('error_description')).toBe(
      withProvider(IDENTITY_MESSAGES.linkFromAccount, 'Test ID'),
    );
    expect(await identitiesOf(owner.id)).toEqual([]);
  });
});

describe('cancelled consent', () => {
  it('says the person cancelled, and other provider errors that the provider refused', async () => {
    const erin = person();
    await whitelistEmail(erin.email ?? '');
    const { landed } = await signIn(erin.sub, { cancel: true });
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('error_description')).toBe(
      'You cancelled signing in with Test ID. Nothing was changed.',
    );

    // A provider error other than access_denied, as the provider's redirect would carry it.
    const started = await ctx.app.inject({
      method: 'GET',
      url: `/api/authorize?provider=test&redirect_to=%2Fauth%2Fcallback&code_challenge=${'a'.repeat(43)}`,
    });
    const state = new URL(started.headers.location ?? '').searchParams.get('state') ?? '';
    const refused = await followCallback(
      ctx,
      new URL(`http://localhost:3000/api/auth/callback?error=server_error&state=${state}`),
    );
    expect(refused.searchParams.get('error_description')).toBe(
      withProvider(IDENTITY_MESSAGES.providerRefused, 'Test ID'),
    );
  });
});

describe('no codes in logs', () => {
  it('logs request URLs with code, state and token values redacted, on every route', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', ...provider.env() }),
      database,
      logger: pino({ level: 'info' }, sink),
    });
    try {
      await app.ready();
      await app.inject({ url: '/api/auth/callback?code=SECRET-CODE-1&state=SECRET-STATE-1&iss=x' });
      await app.inject({ url: '/auth/verify?token=SECRET-TOKEN-1' });
      await app.inject({ url: '/api/feed?access_token=SECRET-TOKEN-2&limit=5' });
      const log = lines.join('');
      expect(log).toContain('/api/auth/callback?code=[redacted]&state=[redacted]&iss=x');
      expect(log).toContain('limit=5');
      expect(log).not.toMatch(/SECRET-/);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

describe('the classic federated merge', () => {
  it("gives the address's owner the squatted account without the squatter's password, sessions, factors, identities or profile", async () => {
    const victim = person({ email: `victim.${Date.now()}@idp.test` });
    const email = victim.email ?? '';
    await whitelistEmail(email, 'admin');
    // The squatter signed up with the victim's address first and never proved it.
    const squatter = await createUser(ctx.database.db, {
      email,
      username: `squat${people}`,
      displayName: 'Totally the owner',
      password: 'squatters password',
      emailVerified: false,
    });
    await ctx.database.db
      .update(profiles)
      .set({ photoUrl: 'https://squatter.example/me.png' })
      .where(eq(profiles.userId, squatter.id));
    const squatterHeaders = await signInAs(ctx, squatter);
    await ctx.database.db.insert(mfaFactors).values({
      userId: squatter.id,
      factorType: 'totp',
      friendlyName: 'squatter phone',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      verifiedAt: new Date(),
    });
    await ctx.database.db
      .insert(identities)
      .values({ userId: squatter.id, provider: 'test', subject: 'squatter-sub', email });

    const { exchanged } = await signIn(victim.sub);
    expect(exchanged?.statusCode, exchanged?.body).toBe(200);
    expect(exchanged?.json().session.user.id).toBe(squatter.id);

    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, squatter.id));
    expect(user?.passwordHash).toBeNull();
    expect(user?.emailVerifiedAt).not.toBeNull();
    const [profile] = await ctx.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, squatter.id));
    expect(profile?.displayName).not.toBe('Totally the owner');
    expect(profile?.username).not.toBe(squatter.username);
    expect(profile?.photoUrl).toBeNull();
    expect(
      await ctx.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, squatter.id)),
    ).toEqual([]);
    expect((await identitiesOf(squatter.id)).map((row) => row.subject)).toEqual([victim.sub]);
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/identities',
      headers: squatterHeaders,
    });
    expect(old.statusCode).toBe(401);
    const roles = await ctx.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, squatter.id));
    expect(roles.map((row) => row.role)).toContain('admin');
  });
});
