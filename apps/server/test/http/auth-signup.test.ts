import { OWNERSHIP_MESSAGES } from '@adreel/domain';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, userRoles, users, whitelist } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createInvite } from '../support/factories';
import { lastMailTo, linkTokenFrom } from '../support/mail';

let ctx: TestApp;
beforeAll(async () => {
  // Every sign-up here comes from one address; the limit itself is tested in auth-sessions.
  ctx = await createTestApp({}, { rateLimits: { signUpPerIp: 1000 } });
});
afterAll(() => ctx.close());

let counter = 0;
function newPerson(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `person${counter}`,
    displayName: `Person ${counter}`,
    email: `person${counter}@example.com`,
    password: 'correct horse',
    role: 'creator',
    ...overrides,
  };
}

function signUp(body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
}

async function rolesOf(email: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  if (!user) return [];
  const rows = await ctx.database.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
  return rows.map((row) => row.role).sort();
}

describe('sign-up validation (SPEC.md §5)', () => {
  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'u'.repeat(51) }, 'Username must be less than 50 characters'],
    [{ displayName: 'd'.repeat(101) }, 'Display name must be less than 100 characters'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@x.com` }, 'Email must be less than 255 characters'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ password: 'p'.repeat(129) }, 'Password must be less than 128 characters'],
    [{ inviteCode: 'C'.repeat(51) }, 'Invite code must be less than 50 characters'],
    [{ role: 'admin' }, 'Invalid role'],
  ])('refuses %j with its message', async (override, message) => {
    const res = await signUp(newPerson(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });
});

describe('the private-beta gate', () => {
  it('refuses an email that is not whitelisted and has no invite code', async () => {
    const person = newPerson();
    const res = await signUp(person);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 'private_beta',
        message: 'Adreel is in private beta. Request access at /join or use an invite code.',
        requestId: expect.any(String),
      },
    });
    expect(await rolesOf(person.email)).toEqual([]);
  });

  it('refuses an unknown, a used and an expired invite code', async () => {
    const used = await createInvite(ctx.database.db, { role: 'creator' });
    await signUp(newPerson({ inviteCode: used.code }));
    const expired = await createInvite(ctx.database.db, {
      role: 'creator',
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const code of ['ZZZZZZZZ', used.code, expired.code]) {
      const res = await signUp(newPerson({ inviteCode: code }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('private_beta');
    }
  });

  it("grants the invite's role at once, upper-cases the code and marks the invite used", async () => {
    const invite = await createInvite(ctx.database.db, { role: 'brand' });
    const person = newPerson({ inviteCode: invite.code.toLowerCase(), role: 'viewer' });
    const res = await signUp(person);
    expect(res.statusCode).toBe(202);
    // No session: the mailed link signs in (decision 022). The browser is bound to the sign-up.
    expect(res.json()).toEqual({ message: OWNERSHIP_MESSAGES.checkInbox });
    expect(res.headers['set-cookie']).toMatch(/adreel_signup=.+HttpOnly.+SameSite=Lax/i);
    expect(res.headers['set-cookie']).not.toMatch(/adreel_refresh/);
    expect(await rolesOf(person.email)).toEqual(['brand']);

    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, person.email));
    const [row] = await ctx.database.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(row).toMatchObject({ isUsed: true, usedByUserId: user?.id });
    expect(row?.usedAt).toBeInstanceOf(Date);
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.requestedRole).toBe('viewer');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user?.passwordHash ?? '', person.password)).toBe(true);
  });

  it('lets a whitelisted email in without a code, as a viewer until the address is verified', async () => {
    const person = newPerson({ email: 'Whitelisted.Creator@Example.com' });
    await ctx.database.db
      .insert(whitelist)
      .values({ email: 'whitelisted.creator@example.com', roleAllowed: 'admin' });

    const res = await signUp(person);
    expect(res.statusCode).toBe(202);
    const binding = res.cookies.find((cookie) => cookie.name === 'adreel_signup')?.value ?? '';
    expect(await rolesOf('whitelisted.creator@example.com')).toEqual(['viewer']);
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: person.email, password: person.password },
    });
    expect(signedIn.json().session.user).toMatchObject({
      email: 'whitelisted.creator@example.com',
      role: 'viewer',
      emailVerified: false,
    });
    // The whitelisted role is kept under the address: its owner's, not told to an unproven session.
    expect(signedIn.json().session.user).not.toHaveProperty('pendingRole');
    expect(signedIn.body).not.toContain('admin');

    const token = await linkTokenFrom(
      ctx.database.db,
      'whitelisted.creator@example.com',
      'verify_email',
    );
    // Opened in the browser that signed up: the address is proven and the link signs in.
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      cookies: { adreel_signup: binding },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().session.user).toMatchObject({ role: 'admin', emailVerified: true });
    expect(await rolesOf('whitelisted.creator@example.com')).toEqual(['admin', 'viewer']);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
  });

  it('says clearly when the username is taken; an address with an account answers as a new one', async () => {
    const first = await createInvite(ctx.database.db, { role: 'viewer' });
    const person = newPerson({ inviteCode: first.code });
    expect((await signUp(person)).statusCode).toBe(202);

    const second = await createInvite(ctx.database.db, { role: 'viewer' });
    const sameName = await signUp(
      newPerson({ username: person.username.toUpperCase(), inviteCode: second.code }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.code).toBe('username_taken');

    const sameEmail = await signUp(
      newPerson({ email: person.email.toUpperCase(), inviteCode: second.code }),
    );
    // Decision 022: no listing of accounts. The owner is mailed instead.
    expect(sameEmail.statusCode).toBe(202);
    expect(sameEmail.json()).toEqual({ message: OWNERSHIP_MESSAGES.checkInbox });
    expect((await lastMailTo(ctx.database.db, person.email, 'signup_attempt'))?.subject).toContain(
      'tried to sign up',
    );

    // The code is used up as a new address would use it (issue 25 item 7), for nobody.
    const [spent] = await ctx.database.db.select().from(invites).where(eq(invites.id, second.id));
    expect(spent).toMatchObject({ isUsed: true, usedByUserId: null });
  });

  it('gives exactly one account to 20 sign-ups racing on one invite code', async () => {
    const invite = await createInvite(ctx.database.db, { role: 'creator' });
    const people = Array.from({ length: 20 }, () => newPerson({ inviteCode: invite.code }));
    const answers = await Promise.all(people.map((person) => signUp(person)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(19);

    const created = await Promise.all(people.map((person) => rolesOf(person.email)));
    expect(created.filter((roles) => roles.length > 0)).toEqual([['creator']]);
  });
});
