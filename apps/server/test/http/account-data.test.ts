/**
 * Your data (issue 7): the export holds everything about the caller and nothing about anyone else;
 * deleting the account needs the password, ends sign-in, takes the ads off the feed, keeps the
 * brand's ledger whole without the person, and shows in the admins' audit log.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessRequests,
  auditLog,
  digestPreferences,
  identities,
  likes,
  mailOutbox,
  mfaFactors,
  profiles,
  reports,
  sessions,
  users,
  videos,
} from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser, signInAs } from '../support/auth';
import { createCampaign, createUser, createVideo } from '../support/factories';
import { bookPayout, submitEntry } from './campaigns.support';

const PASSWORD = 'correct horse battery';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('export', () => {
  it('downloads everything about you, with links to your videos, and nothing of other users', async () => {
    const { db } = t.database;
    // The account has a second factor (below): its data comes out only to an aal2 session.
    const { user, headers } = await signedInUser(
      t,
      'creator',
      { username: 'exporting_ana' },
      { aal: 'aal2' },
    );
    const other = await createUser(db, { role: 'creator', username: 'someone_else' });
    const mine = await createVideo(db, {
      creatorId: user.id,
      status: 'approved',
      title: 'My own ad',
    });
    const theirs = await createVideo(db, {
      creatorId: other.id,
      status: 'approved',
      title: 'Their ad',
    });
    await db.insert(likes).values([
      { userId: user.id, videoId: theirs.id },
      { userId: other.id, videoId: mine.id },
    ]);
    await db
      .insert(reports)
      .values({ videoId: theirs.id, reporterId: user.id, reason: 'Spam link' });
    await db
      .insert(reports)
      .values({ videoId: theirs.id, reporterId: other.id, reason: 'Other reason' });
    const campaign = await createCampaign(db, { title: 'Brief for export' });
    await submitEntry(t, campaign, user.id, { title: 'Entered ad' });
    await bookPayout(t, campaign, user.id);
    await db.insert(accessRequests).values({ name: 'Ana', email: user.email, role: 'creator' });
    await db.insert(mfaFactors).values({
      userId: user.id,
      factorType: 'totp',
      friendlyName: 'Phone app',
      totpSecret: 'TOPSECRETSEED',
      verifiedAt: new Date(),
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/digest',
      headers,
      payload: { subscribed: false },
    });

    const answer = await t.app.inject({ method: 'GET', url: '/api/account/export', headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="adreel-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = answer.json();
    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      username: 'exporting_ana',
    });
    expect(data.roles).toEqual([{ role: 'creator', since: expect.any(String) }]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.factors).toEqual([
      expect.objectContaining({ type: 'totp', friendlyName: 'Phone app' }),
    ]);
    const myVideo = data.videos.find((v: { id: string }) => v.id === mine.id);
    expect(myVideo).toMatchObject({
      title: 'My own ad',
      fileUrl: `http://localhost:3000${mine.fileUrl}`,
      pageUrl: `http://localhost:3000/feed?start=${mine.id}`,
    });
    expect(data.videos.map((v: { title: string }) => v.title)).toEqual(
      expect.arrayContaining(['My own ad', 'Entered ad']),
    );
    expect(data.likes).toEqual([
      expect.objectContaining({ videoId: theirs.id, title: 'Their ad' }),
    ]);
    expect(data.reports).toEqual([
      expect.objectContaining({ reason: 'Spam link', videoTitle: 'Their ad' }),
    ]);
    expect(data.submissions).toEqual([
      expect.objectContaining({ campaign: 'Brief for export', videoTitle: 'Entered ad' }),
    ]);
    expect(data.transactions).toEqual([
      expect.objectContaining({
        campaign: 'Brief for export',
        side: 'earned',
        amountCents: 10_000,
      }),
    ]);
    expect(data.accessRequests).toEqual([
      expect.objectContaining({ email: user.email, role: 'creator' }),
    ]);
    expect(data.digest).toEqual({ subscribed: false, sentForWeeks: [] });

    const text = answer.body;
    expect(text).not.toContain('TOPSECRETSEED');
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('someone_else');
    expect(text).not.toContain('Other reason');
    expect(text).not.toContain(other.id);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(
      401,
    );
  });
});

async function passwordSignIn(email: string, password = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=password',
    payload: { email, password },
  });
}

describe('account deletion', () => {
  it('needs the password, then removes the person and keeps the brand ledger whole', async () => {
    const { db } = t.database;
    const creator = await createUser(db, {
      role: 'creator',
      password: PASSWORD,
      username: 'leaving_lu',
    });
    const signIn = await passwordSignIn(creator.email);
    expect(signIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().session.access_token}` };

    const brand = await signedInUser(t, 'brand');
    const campaign = await createCampaign(db, { brandId: brand.user.id, title: 'Ledger brief' });
    const first = await bookPayout(t, campaign, creator.id);
    const second = await bookPayout(t, campaign, creator.id);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/brand/transactions/${first.id}/mark-paid`,
      headers: brand.headers,
    });
    expect(paid.statusCode).toBe(200);
    const ledger = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/brand/transactions',
          headers: brand.headers,
        })
      ).json().transactions as Array<{
        id: string;
        amountCents: number;
        status: string;
        creator: unknown;
      }>;
    const before = await ledger();
    const total = (rows: typeof before) => rows.reduce((sum, row) => sum + row.amountCents, 0);

    const live = await createVideo(db, {
      creatorId: creator.id,
      status: 'approved',
      title: 'Soon gone',
    });
    await db
      .insert(mfaFactors)
      .values({ userId: creator.id, factorType: 'phone', phone: '+393331234567' });
    await db
      .insert(identities)
      .values({ userId: creator.id, provider: 'google', subject: 'sub-deleted' });
    await db
      .insert(digestPreferences)
      .values({ userId: creator.id, unsubscribeKey: 'key-of-the-deleted' });
    await db.insert(accessRequests).values({ name: 'Gone', email: creator.email, role: 'creator' });
    await db.insert(mailOutbox).values({
      toAddress: '+393331234567',
      subject: 'Code',
      textBody: 'Your code is 123456',
      kind: 'sms',
    });
    const feedIds = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/feed' })).json().videos as Array<{
          id: string;
        }>
      ).map((v) => v.id);
    expect(await feedIds()).toContain(live.id);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please enter your password to delete your account');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers,
      payload: { password: 'not it' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Incorrect password');

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers,
      payload: { password: PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your account was deleted.' });
    expect(String(done.headers['set-cookie'])).toMatch(/adreel_refresh=;/);

    // No more sign-in, no session, no personal data.
    const refused = await passwordSignIn(creator.email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().session).toBeUndefined();
    expect(await db.select().from(sessions).where(eq(sessions.userId, creator.id))).toEqual([]);
    expect(await db.select().from(mfaFactors).where(eq(mfaFactors.userId, creator.id))).toEqual([]);
    expect(await db.select().from(identities).where(eq(identities.userId, creator.id))).toEqual([]);
    expect(
      await db.select().from(digestPreferences).where(eq(digestPreferences.userId, creator.id)),
    ).toEqual([]);
    expect(
      await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, '+393331234567')),
    ).toEqual([]);
    expect(
      await db.select().from(accessRequests).where(eq(accessRequests.email, creator.email)),
    ).toEqual([]);
    const [row] = await db.select().from(users).where(eq(users.id, creator.id));
    expect(row).toMatchObject({ passwordHash: null, deletedAt: expect.any(Date) });
    expect(row?.email).not.toBe(creator.email);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, creator.id));
    expect(profile).toMatchObject({ displayName: 'Deleted user', photoUrl: null });
    expect(profile?.username).not.toContain('leaving_lu');
    // The address is free for a new account.
    await createUser(db, { email: creator.email });

    // Off the feed.
    expect(await feedIds()).not.toContain(live.id);
    const [withdrawn] = await db.select().from(videos).where(eq(videos.id, live.id));
    expect(withdrawn?.status).toBe('rejected');

    // The brand's ledger: every row, amount and status, without the creator.
    const after = await ledger();
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    expect(total(after)).toBe(total(before));
    expect(after.find((r) => r.id === first.id)).toMatchObject({ status: 'paid', creator: null });
    expect(after.find((r) => r.id === second.id)).toMatchObject({
      status: 'recorded',
      creator: null,
    });

    // The admins see it.
    const admin = await signedInUser(t, 'admin');
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=account.delete',
      headers: admin.headers,
    });
    expect(audit.json().entries).toEqual([
      expect.objectContaining({
        action: 'account.delete',
        targetType: 'user',
        targetId: creator.id,
        actor: { id: creator.id, username: null, displayName: null, deleted: true },
        details: expect.objectContaining({ videosWithdrawn: 3 }),
      }),
    ]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, creator.id));
    expect(JSON.stringify(entry)).not.toContain(creator.email);
  });

  it('asks an account without a password for a fresh sign-in and its email address', async () => {
    const { user, headers } = await signedInUser(t, 'viewer');
    // A session that started an hour ago is not a fresh sign-in.
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers,
      payload: { confirmEmail: user.email },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.message).toBe(
      'For your security, sign in again, then delete your account within 15 minutes.',
    );
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date() })
      .where(eq(sessions.userId, user.id));
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers,
      payload: { confirmEmail: 'someone@else.test' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('That is not the email address of this account');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers,
      payload: { confirmEmail: user.email.toUpperCase() },
    });
    expect(done.statusCode).toBe(200);
    // A second attempt with the same token finds no account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: await signInAs(t, user),
      payload: { confirmEmail: user.email },
    });
    expect(again.statusCode).toBe(404);
  });
});
