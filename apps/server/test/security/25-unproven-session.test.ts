/**
 * Issue 25 item 1: an unproven sign-up reached its owner's data. A victim asked for access with
 * private notes and the admin approved: the address was whitelisted, with no account yet. A
 * stranger signed up with that address (202, no code needed), signed in with the password, read the
 * victim's request and whitelisted role in the data export, and erased the whitelist entry, the
 * request and every mail to the address by deleting "their" account; the victim's own sign-up then
 * met the private-beta gate.
 *
 * Rows kept under an address belong to whoever proves it (decision 022): an unproven session exports
 * and deletes only what it created, is told nothing of what the whitelist keeps for the address, and
 * may do nothing but look after its own sign-in and data (the permission matrix's `unproven` actor
 * checks every route).
 */
import { OWNERSHIP_MESSAGES } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, mailOutbox, users, whitelist } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { createInvite, createVideo } from '../support/factories';
import { linkTokenFrom } from '../support/mail';

let ctx: TestApp;
beforeAll(async () => {
  // Every request comes from one address; the limits have tests of their own.
  ctx = await createTestApp(
    {},
    { rateLimits: { signUpPerIp: 1000, signInPerIp: 1000, joinPerIp: 1000 } },
  );
});
afterAll(() => ctx.close());

const NOTES = 'Private: launching our spring line on 3 March, budget 40k';
const STRANGER_PASSWORD = 'stranger password';
let counter = 0;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** The victim asks to join and an admin approves: the address is whitelisted as a brand. */
async function approvedVictim() {
  counter += 1;
  const email = `victim${counter}@example.com`;
  const joined = await post('/api/access-requests', {
    name: `Vera Victim ${counter}`,
    email,
    role: 'brand',
    notes: NOTES,
  });
  expect(joined.statusCode).toBe(201);
  const [request] = await ctx.database.db
    .select()
    .from(accessRequests)
    .where(eq(accessRequests.email, email));
  if (!request) throw new Error('no access request');
  const { headers: admin } = await signedInUser(ctx, 'admin');
  const approved = await post(
    '/api/admin/whitelist',
    { email, role: 'brand', accessRequestId: request.id },
    admin,
  );
  expect(approved.statusCode).toBeLessThan(300);
  return { email, name: `Vera Victim ${counter}` };
}

/** The stranger signs up with the victim's address and signs in with the password it chose. */
async function strangerSignsIn(email: string) {
  const signedUp = await post('/api/auth/signup', {
    username: `stranger${counter}`,
    email,
    password: STRANGER_PASSWORD,
    role: 'viewer',
  });
  expect(signedUp.statusCode).toBe(202);
  const signedIn = await post('/api/auth/token?grant_type=password', {
    email,
    password: STRANGER_PASSWORD,
  });
  expect(signedIn.statusCode).toBe(200);
  const session = signedIn.json().session;
  return {
    headers: { authorization: `Bearer ${session.access_token}` },
    user: session.user,
    refreshToken: session.refresh_token as string,
  };
}

async function keptUnder(email: string) {
  const { db } = ctx.database;
  return {
    requests: await db.select().from(accessRequests).where(eq(accessRequests.email, email)),
    whitelist: await db.select().from(whitelist).where(eq(whitelist.email, email)),
    mails: await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
  };
}

describe('an unproven sign-up and the rows kept under its address (issue 25 item 1)', () => {
  it("exports none of the victim's request or whitelist entry, and is not told the whitelisted role", async () => {
    const victim = await approvedVictim();
    const stranger = await strangerSignsIn(victim.email);
    expect(stranger.user).toMatchObject({ emailVerified: false, roles: ['viewer'] });
    expect(stranger.user).not.toHaveProperty('pendingRole');

    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: stranger.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({ accessRequests: [], whitelist: [] });
    expect(exported.body).not.toContain(NOTES);
    expect(exported.body).not.toContain(victim.name);
    expect(exported.json().profile).toMatchObject({ email: victim.email, emailVerifiedAt: null });
  });

  it("deleting the unproven account leaves the victim's request, whitelist entry and mail, and the victim can still sign up", async () => {
    const victim = await approvedVictim();
    const before = await keptUnder(victim.email);
    expect(before.requests).toHaveLength(1);
    expect(before.whitelist).toHaveLength(1);
    expect(before.mails.length).toBeGreaterThan(0);

    const stranger = await strangerSignsIn(victim.email);
    const deleted = await post(
      '/api/account/delete',
      { password: STRANGER_PASSWORD },
      stranger.headers,
    );
    expect(deleted.statusCode).toBe(200);

    const after = await keptUnder(victim.email);
    expect(after.requests).toEqual(before.requests);
    expect(after.whitelist).toEqual(before.whitelist);
    // Every mail the victim had is still there (the stranger's verification link is only added).
    for (const mail of before.mails) expect(after.mails.map((m) => m.id)).toContain(mail.id);

    // The victim's own sign-up passes the gate, and the proof brings the whitelisted role.
    const own = await post(
      '/api/auth/signup',
      {
        username: `vera${counter}`,
        email: victim.email,
        password: 'victim password',
        role: 'brand',
      },
      {},
    );
    expect(own.statusCode).toBe(202);
    const binding = own.cookies.find((cookie) => cookie.name === 'adreel_signup')?.value ?? '';
    const token = await linkTokenFrom(ctx.database.db, victim.email, 'verify_email');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      cookies: { adreel_signup: binding },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().session.user).toMatchObject({ emailVerified: true });
    expect(verified.json().session.user.roles).toContain('brand');
  });

  it('may look after its own sign-in and data, and nothing more: everything else is 403 email_not_verified', async () => {
    const victim = await approvedVictim();
    const stranger = await strangerSignsIn(victim.email);
    const video = await createVideo(ctx.database.db, { status: 'approved' });

    for (const [method, url] of [
      ['GET', '/api/account/sessions'],
      ['GET', '/api/profiles/me'],
      ['GET', '/api/factors'],
      ['GET', '/api/user/identities'],
      ['GET', '/api/me/reports'],
      ['GET', '/api/account/digest'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: stranger.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(200);
    }
    const resend = await post('/api/auth/verify-email/resend', undefined, stranger.headers);
    expect(resend.statusCode).toBe(202);

    for (const [method, url, payload] of [
      ['PUT', `/api/videos/${video.id}/like`, undefined],
      ['POST', `/api/videos/${video.id}/reports`, { reason: 'Spam' }],
      ['POST', `/api/videos/${video.id}/shares`, undefined],
      ['POST', '/api/factors', { factor_type: 'totp' }],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: stranger.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'email_not_verified',
        message: OWNERSHIP_MESSAGES.unprovenSession,
      });
    }
    // The public side stays as it is for anyone.
    const feed = await ctx.app.inject({
      method: 'GET',
      url: '/api/feed',
      headers: stranger.headers,
    });
    expect(feed.statusCode).toBe(200);
  });

  it("the proof ends the unproven tokens' claim: a token from before fails as expired, and the refresh says proven", async () => {
    counter += 1;
    const email = `self${counter}@example.com`;
    // An invite's role applies at once: the proof changes no role, only the address's standing.
    const invite = await createInvite(ctx.database.db, { role: 'creator' });
    const signedUp = await post('/api/auth/signup', {
      username: `selfie${counter}`,
      email,
      password: STRANGER_PASSWORD,
      role: 'creator',
      inviteCode: invite.code,
    });
    const binding = signedUp.cookies.find((cookie) => cookie.name === 'adreel_signup')?.value ?? '';
    const early = await post('/api/auth/token?grant_type=password', {
      email,
      password: STRANGER_PASSWORD,
    });
    const earlyToken = early.json().session.access_token as string;
    expect(decodeJwt(earlyToken).ev).toBe(false);
    const headers = { authorization: `Bearer ${earlyToken}` };
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/creator/videos', headers })).statusCode,
    ).toBe(403);

    // The person opens the link in the browser they signed up in: same account, now proven.
    const token = await linkTokenFrom(ctx.database.db, email, 'verify_email');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      cookies: { adreel_signup: binding },
    });
    expect(verified.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerifiedAt).not.toBeNull();

    // The token issued before the proof fails as expired (the client refreshes)...
    const stale = await ctx.app.inject({ method: 'GET', url: '/api/account/sessions', headers });
    expect(stale.statusCode).toBe(401);
    // ...and the refreshed one says proven, and opens the creator area.
    const refreshed = await post('/api/auth/token?grant_type=refresh_token', {
      refresh_token: early.json().session.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const fresh = refreshed.json().session.access_token as string;
    expect(decodeJwt(fresh)).toMatchObject({
      ev: true,
      roles: expect.arrayContaining(['creator']),
    });
    const creatorArea = await ctx.app.inject({
      method: 'GET',
      url: '/api/creator/videos',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(creatorArea.statusCode).toBe(200);
  });
});
