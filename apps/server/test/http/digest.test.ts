/**
 * The weekly digest (issue 7): what it says, to whom, its one-click unsubscribe link, the admins'
 * test digest, and one run per week however many scheduler processes there are.
 */
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import {
  digestSends,
  likes,
  mailOutbox,
  scheduledTasks,
  transactions,
  viewEvents,
} from '../../src/db/schema';
import { nextDigestTime, weekOf } from '../../src/modules/digest/digest.schedule';
import { sendWeeklyDigest } from '../../src/modules/digest/digest.service';
import { WEEKLY_DIGEST_TASK, weeklyDigestTask } from '../../src/modules/digest/digest.tasks';
import { startScheduler } from '../../src/platform/scheduler';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser, signInAs } from '../support/auth';
import { createCampaign, createUser, createVideo } from '../support/factories';

const settings = { appName: 'Adreel', publicUrl: 'http://localhost:3000' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(mailOutbox);
  await t.database.db.delete(digestSends);
});

const digestsTo = (to: string, kind = 'weekly_digest') =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));

async function only(to: string, kind?: string) {
  const mails = await digestsTo(to, kind);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  if (!mail) throw new Error('no mail');
  return mail;
}

function unsubscribeLink(text: string): string {
  const url = text.match(/Unsubscribe in one click: (\S+)/)?.[1];
  if (!url) throw new Error('no unsubscribe link');
  return new URL(url).pathname + new URL(url).search;
}

describe('schedule', () => {
  it('is due every Monday at 09:00 UTC', () => {
    expect(nextDigestTime(new Date('2026-11-22T12:00:00Z')).toISOString()).toBe(
      '2026-11-23T09:00:00.000Z',
    );
    expect(nextDigestTime(new Date('2026-11-23T08:59:59Z')).toISOString()).toBe(
      '2026-11-23T09:00:00.000Z',
    );
    expect(nextDigestTime(new Date('2026-11-23T09:00:00Z')).toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
    expect(weekOf(new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-23');
    expect(weekOf(new Date('2026-11-23T09:00:00Z'))).toBe('2026-11-23');
  });
});

describe('weekly digest', () => {
  it("tells everyone the week's top videos and open campaigns, and a creator their own week", async () => {
    const { db } = t.database;
    const creator = await createUser(db, { role: 'creator', displayName: 'Ana Creator' });
    const viewer = await createUser(db, { role: 'viewer' });
    const top = await createVideo(db, {
      creatorId: creator.id,
      status: 'approved',
      title: 'Sunrise <surf> ad',
    });
    const quiet = await createVideo(db, { status: 'approved', title: 'Quiet week ad' });
    const pending = await createVideo(db, { status: 'pending', title: 'Not yet reviewed' });
    const now = new Date();
    const views = [1, 2, 3].map((n) => ({
      videoId: top.id,
      viewerKey: `d:viewer-${n}`,
      countedAt: now,
    }));
    await db.insert(viewEvents).values([
      ...views,
      // Counted more than a week ago: not this week's.
      { videoId: top.id, viewerKey: 'd:old', countedAt: new Date(Date.now() - 9 * 86_400_000) },
      { videoId: quiet.id, viewerKey: 'd:one', countedAt: now },
    ]);
    await db.insert(likes).values({ userId: viewer.id, videoId: top.id });
    const campaign = await createCampaign(db, {
      title: 'Summer drinks brief',
      payoutPerVideoCents: 2500,
    });
    await createCampaign(db, { title: 'Closed brief', status: 'closed' });
    await db.insert(transactions).values({
      campaignId: campaign.id,
      videoId: top.id,
      brandId: campaign.brandId,
      creatorId: creator.id,
      amountCents: 2500,
      type: 'booking',
    });

    const result = await sendWeeklyDigest(db, settings, new Date(Date.now() + 1000));
    expect(result.sent).toBeGreaterThanOrEqual(2);

    const forCreator = await only(creator.email);
    expect(forCreator.subject).toContain('Your Adreel week');
    expect(forCreator.textBody).toContain('YOUR WEEK\n3 views, 1 like, $25.00 earned');
    const topIndex = forCreator.textBody.indexOf('Sunrise <surf> ad by Ana Creator (3 views)');
    expect(topIndex).toBeGreaterThan(-1);
    expect(forCreator.textBody.indexOf('Quiet week ad')).toBeGreaterThan(topIndex);
    expect(forCreator.textBody).toContain(`${settings.publicUrl}/feed?start=${top.id}`);
    expect(forCreator.textBody).not.toContain(pending.title);
    expect(forCreator.textBody).toContain('Summer drinks brief');
    expect(forCreator.textBody).toContain('$25.00 per video');
    expect(forCreator.textBody).not.toContain('Closed brief');
    // The HTML part escapes what users typed.
    expect(forCreator.htmlBody).toContain('Sunrise &lt;surf&gt; ad');
    expect(forCreator.htmlBody).toContain('<strong>3</strong> views');
    expect(forCreator.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/localhost:3000\/api\/digest\/unsubscribe\?token=/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const forViewer = await only(viewer.email);
    expect(forViewer.textBody).toContain('Sunrise <surf> ad');
    expect(forViewer.textBody).toContain('Summer drinks brief');
    expect(forViewer.textBody).not.toContain('YOUR WEEK');
  });

  it('sends once per user and week, even when run again after a crash', async () => {
    const { db } = t.database;
    const viewer = await createUser(db);
    const now = new Date();
    await sendWeeklyDigest(db, settings, now);
    const again = await sendWeeklyDigest(db, settings, now);
    expect(again.sent).toBe(0);
    await only(viewer.email);
    // Next week it comes again.
    await sendWeeklyDigest(db, settings, new Date(now.getTime() + 7 * 86_400_000));
    expect(await digestsTo(viewer.email)).toHaveLength(2);
  });

  it('skips unverified and deleted accounts', async () => {
    const { db } = t.database;
    const unverified = await createUser(db, { emailVerified: false });
    await sendWeeklyDigest(db, settings);
    expect(await digestsTo(unverified.email)).toHaveLength(0);
  });
});

describe('unsubscribe', () => {
  it('works in one click without signing in, is honoured at once, and can be turned back on', async () => {
    const { db } = t.database;
    const { user, headers } = await signedInUser(t, 'viewer');
    await sendWeeklyDigest(db, settings);
    const link = unsubscribeLink((await only(user.email)).textBody);

    const confirm = await t.app.inject({ method: 'GET', url: link });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['content-type']).toContain('text/html');
    expect(confirm.body).toContain('Unsubscribe from the weekly digest?');
    // A GET (a link scanner) changes nothing.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/digest', headers })).json(),
    ).toEqual({
      subscribed: true,
    });

    // RFC 8058: the mail client's one-click POST.
    const done = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/digest', headers })).json(),
    ).toEqual({
      subscribed: false,
    });

    await db.delete(digestSends);
    await sendWeeklyDigest(db, settings);
    expect(await digestsTo(user.email)).toHaveLength(1);

    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/account/digest',
      headers,
      payload: { subscribed: true },
    });
    expect(on.json()).toEqual({ subscribed: true });
    await db.delete(digestSends);
    await sendWeeklyDigest(db, settings);
    expect(await digestsTo(user.email)).toHaveLength(2);
  });

  it('refuses a forged or altered token', async () => {
    const { db } = t.database;
    const victim = await createUser(db);
    const attacker = await createUser(db);
    await sendWeeklyDigest(db, settings);
    const link = unsubscribeLink((await only(attacker.email)).textBody);
    const token = new URL(link, 'http://x').searchParams.get('token') ?? '';
    const forged = `${victim.id}.${token.split('.')[1]}`;
    for (const bad of [forged, `${token}x`, 'nonsense', '']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/digest/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('This unsubscribe link is not valid');
    }
    const victimHeaders = await signInAs(t, victim);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/account/digest', headers: victimHeaders })
      ).json(),
    ).toEqual({ subscribed: true });
  });

  it('asks for a yes or no when the preference is changed', async () => {
    const { headers } = await signedInUser(t, 'viewer');
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/api/account/digest',
      headers,
      payload: {},
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('Say whether you want the weekly digest');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/digest' })).statusCode).toBe(
      401,
    );
  });
});

describe('test digest', () => {
  it("sends this week's digest to the requesting admin only", async () => {
    const { db } = t.database;
    const { user: admin, headers } = await signedInUser(t, 'admin');
    const other = await createUser(db);
    const answer = await t.app.inject({ method: 'POST', url: '/api/admin/digest/test', headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Test digest sent! Check your inbox.' });
    const mail = await only(admin.email, 'test_digest');
    expect(mail.subject).toMatch(/^\[Test\] Your Adreel week/);
    expect(mail.textBody).toContain('TOP VIDEOS OF THE WEEK');
    expect(mail.textBody).toContain('OPEN CAMPAIGNS');
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(1);
    expect(await digestsTo(other.email, 'test_digest')).toHaveLength(0);
    // It does not count as the week's digest.
    expect(await t.database.db.select().from(digestSends)).toHaveLength(0);
  });

  it('is for admins only', async () => {
    const { headers } = await signedInUser(t, 'creator');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/digest/test', headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/digest/test' })).statusCode).toBe(
      401,
    );
  });
});

async function makeDue(db: typeof t.database.db) {
  await db
    .insert(scheduledTasks)
    .values({ name: WEEKLY_DIGEST_TASK, nextRunAt: new Date(Date.now() - 1000) })
    .onConflictDoUpdate({
      target: scheduledTasks.name,
      set: { nextRunAt: new Date(Date.now() - 1000) },
    });
}

describe('scheduled run', () => {
  it('runs once when two schedulers tick together, and then waits for next Monday 09:00 UTC', async () => {
    const { db } = t.database;
    const user = await createUser(db);
    await makeDue(db);
    const schedulers = [1, 2].map(() =>
      startScheduler({ db, tasks: [weeklyDigestTask(db, settings)], autoStart: false }),
    );
    const ran = await Promise.all(schedulers.map((s) => s.tick()));
    expect(ran.flat()).toEqual([WEEKLY_DIGEST_TASK]);
    await only(user.email);
    const [row] = await db
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.name, WEEKLY_DIGEST_TASK));
    expect(row?.nextRunAt.toISOString()).toBe(nextDigestTime(new Date()).toISOString());
    await Promise.all(schedulers.map((s) => s.stop()));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL server', () => {
  it('sends the digest once per user', async () => {
    const { db } = t.database;
    if (t.database.driver !== 'postgres') throw new Error('expected PostgreSQL');
    const second = await openDatabase({
      databaseUrl: (t.database.client as pg.Pool).options.connectionString,
    });
    try {
      const users = await Promise.all([1, 2, 3].map(() => createUser(db)));
      await makeDue(db);
      const schedulers = [db, second.db].map((handle) =>
        startScheduler({
          db: handle,
          tasks: [weeklyDigestTask(handle, settings)],
          autoStart: false,
        }),
      );
      const ran = await Promise.all(schedulers.map((s) => s.tick()));
      expect(ran.flat()).toEqual([WEEKLY_DIGEST_TASK]);
      for (const user of users) await only(user.email);
      // Even if both processes ran the send itself at once, each user gets one.
      await db.delete(mailOutbox);
      await db.delete(digestSends);
      await Promise.all([sendWeeklyDigest(db, settings), sendWeeklyDigest(second.db, settings)]);
      for (const user of users) await only(user.email);
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where kind = 'weekly_digest'`,
      );
      expect(Number(rows[0]?.n)).toBe(
        Number(
          (await db.execute<{ n: number }>(sql`select count(*)::int as n from digest_sends`))
            .rows[0]?.n,
        ),
      );
      await Promise.all(schedulers.map((s) => s.stop()));
    } finally {
      await second.close();
    }
  });
});
