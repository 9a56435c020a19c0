/**
 * Issue 13 item 2: sign-up lists neither accounts nor whitelisted addresses (decision 022). The only
 * answer that depends on the address is SPEC.md's gate itself (403 private beta); the username is
 * checked before it (usernames are public), and an address that already has an account answers as a
 * new one would, while its owner is mailed instead; an invite code given with it is used up as a new
 * address would use it (issue 25 item 7), for nobody.
 */
import { OWNERSHIP_MESSAGES } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, userRoles, users, whitelist } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createInvite, createUser } from '../support/factories';
import { lastMailTo } from '../support/mail';

let ctx: TestApp;
beforeAll(async () => {
  // Every sign-up here comes from one address; the limit itself is tested in auth-sessions.
  ctx = await createTestApp({}, { rateLimits: { signUpPerIp: 1000 } });
});
afterAll(() => ctx.close());

let counter = 0;
function fresh(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}`;
}

function signUp(body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { password: 'correct horse', role: 'creator', ...body },
  });
}

async function whitelisted(email: string) {
  await ctx.database.db.insert(whitelist).values({ email, roleAllowed: 'admin' });
  return email;
}

/** What a caller can tell an answer by: status, body, and which cookies it sets. */
/** What a caller could compare: all of the answer but the request id each one carries (issue 17). */
function shapeOf(res: LightMyRequestResponse) {
  const body = res.json();
  if (body?.error) delete body.error.requestId;
  return {
    status: res.statusCode,
    body,
    cookies: res.cookies.map((cookie) => cookie.name).sort(),
  };
}

describe('no listing of accounts or whitelisted addresses (issue 13 item 2)', () => {
  it('answers a taken username the same for a whitelisted and a non-whitelisted address', async () => {
    const taken = await createUser(ctx.database.db);
    const listed = await whitelisted(`${fresh('listed')}@example.com`);
    const unlisted = `${fresh('unlisted')}@example.com`;

    const forListed = await signUp({ username: taken.username, email: listed });
    const forUnlisted = await signUp({ username: taken.username, email: unlisted });
    expect(forListed.statusCode).toBe(409);
    expect(shapeOf(forListed)).toEqual(shapeOf(forUnlisted));
    expect(forListed.json().error.code).toBe('username_taken');

    // With a free username the gate alone tells them apart, as SPEC.md's gate does.
    expect((await signUp({ username: fresh('free'), email: unlisted })).statusCode).toBe(403);
  });

  it('answers an address that has an account like a new one and mails its owner', async () => {
    const owner = await createUser(ctx.database.db, {
      email: await whitelisted(`${fresh('owner')}@example.com`),
      password: 'owner password',
    });
    const newcomer = await whitelisted(`${fresh('newcomer')}@example.com`);

    const forNew = await signUp({ username: fresh('newbie'), email: newcomer });
    const forOwner = await signUp({ username: fresh('copycat'), email: owner.email.toUpperCase() });
    expect(shapeOf(forOwner)).toEqual(shapeOf(forNew));
    expect(forNew.statusCode).toBe(202);
    expect(forOwner.json()).toEqual({ message: OWNERSHIP_MESSAGES.checkInbox });

    // The owner hears of it, with the ways back in; no verification link goes out for them.
    const mail = await lastMailTo(ctx.database.db, owner.email, 'signup_attempt');
    expect(mail?.textBody).toContain('tried to sign up');
    expect(mail?.textBody).toContain(`/auth?email=${encodeURIComponent(owner.email)}`);
    expect(mail?.textBody).toContain('view=forgot');
    expect(await lastMailTo(ctx.database.db, owner.email, 'verify_email')).toBeUndefined();
    expect(await lastMailTo(ctx.database.db, newcomer, 'verify_email')).toBeDefined();
    // Nothing about the account changed.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.passwordHash).toBe(owner.passwordHash);

    // Timing is not asserted here (timed tests flake on a shared machine): signUp hashes the
    // password before it looks the address up, so both answers spend the same argon2id work.
  });

  it('uses up an invite code given with an address that has an account, as a new address would, granting nothing', async () => {
    const owner = await createUser(ctx.database.db);
    const invite = await createInvite(ctx.database.db, { role: 'brand' });
    const res = await signUp({
      username: fresh('taker'),
      email: owner.email,
      inviteCode: invite.code,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: OWNERSHIP_MESSAGES.checkInbox });
    const [row] = await ctx.database.db.select().from(invites).where(eq(invites.id, invite.id));
    // Spent for nobody: the owner's account gets no role from a stranger's code.
    expect(row).toMatchObject({ isUsed: true, usedByUserId: null });
    expect(row?.usedAt).toBeInstanceOf(Date);
    const roles = await ctx.database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, owner.id));
    expect(roles.map((r) => r.role)).toEqual(owner.roles);

    // The code is gone either way: a second try with it meets the gate, as for a new address.
    const again = await signUp({
      username: fresh('again'),
      email: owner.email,
      inviteCode: invite.code,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('private_beta');

    // Without a code or whitelist entry it meets the gate, as a new address would.
    const gated = await signUp({ username: fresh('gated'), email: owner.email });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().error.code).toBe('private_beta');
  });
});
