/** The creator's area, open campaigns, admin moderation and the job queue's crash safety (issue 4). */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, mailOutbox, submissions, transactions, videos } from '../../src/db/schema';
import { claimJob, createWorker, enqueueJob, type JobRow } from '../../src/platform/jobs/queue';
import { createTestApp, type TestApp } from '../support/app';
import { asRole, signedInUser } from '../support/auth';
import { createCampaign, createUser, createVideo } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('creator area', () => {
  it('lists only the caller’s own videos, newest first, and sums the dashboard tiles', async () => {
    const { user, headers } = await signedInUser(t, 'creator');
    const db = t.database.db;
    const older = await createVideo(db, {
      creatorId: user.id,
      views: 10,
      likes: 2,
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await createVideo(db, { creatorId: user.id, views: 5, likes: 1 });
    await createVideo(db); // someone else's
    const campaign = await createCampaign(db);
    await db.insert(transactions).values({
      campaignId: campaign.id,
      videoId: newer.id,
      brandId: campaign.brandId,
      creatorId: user.id,
      amountCents: 2500,
      type: 'booking',
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/creator/videos', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().videos.map((v: { id: string }) => v.id)).toEqual([newer.id, older.id]);

    const stats = await t.app.inject({ method: 'GET', url: '/api/creator/stats', headers });
    expect(stats.json()).toEqual({
      videos: 2,
      totalViews: 15,
      totalLikes: 3,
      earningsCents: 2500,
      filtered: { views: 0, byReason: {} },
    });
  });

  it('lists open campaigns that are not past their deadline, newest first', async () => {
    const db = t.database.db;
    const headers = await asRole(t, 'creator');
    const open = await createCampaign(db, { title: 'Open one' });
    const closed = await createCampaign(db, { status: 'closed' });
    const past = await createCampaign(db, { deadline: '2000-01-01' });
    const response = await t.app.inject({ method: 'GET', url: '/api/campaigns/open', headers });
    expect(response.statusCode).toBe(200);
    const ids = response.json().campaigns.map((c: { id: string }) => c.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect(ids).not.toContain(past.id);
    expect(response.json().campaigns[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      payoutPerVideoCents: expect.any(Number),
    });
  });

  it('keeps viewers and the signed-out out', async () => {
    for (const url of ['/api/creator/videos', '/api/creator/stats', '/api/campaigns/open']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const viewer = await asRole(t, 'viewer');
      expect((await t.app.inject({ method: 'GET', url, headers: viewer })).statusCode).toBe(403);
    }
  });
});

describe('admin moderation', () => {
  it('lists pending videos with their creators, admin only', async () => {
    const admin = await asRole(t, 'admin');
    const video = await createVideo(t.database.db);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/videos',
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const found = response.json().videos.find((v: { id: string }) => v.id === video.id);
    expect(found.creator.username).toEqual(expect.any(String));
    expect(response.json().videos.every((v: { status: string }) => v.status === 'pending')).toBe(
      true,
    );
    const creator = await asRole(t, 'creator');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/videos', headers: creator }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/videos' })).statusCode).toBe(401);
  });

  it('approves a pending video (published) and then may feature it', async () => {
    const admin = await asRole(t, 'admin');
    const video = await createVideo(t.database.db);
    const featureEarly = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${video.id}/feature`,
      headers: admin,
      payload: { featured: true },
    });
    expect(featureEarly.statusCode).toBe(409);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${video.id}/approve`,
      headers: admin,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Video approved');
    expect(approved.json().video).toMatchObject({
      status: 'approved',
      publishedAt: expect.any(String),
    });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${video.id}/reject`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);

    const featured = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${video.id}/feature`,
      headers: admin,
      payload: { featured: true },
    });
    expect(featured.statusCode).toBe(200);
    expect(featured.json().video.featured).toBe(true);
  });

  it('rejects a submitted video and closes its submission', async () => {
    const db = t.database.db;
    const admin = await asRole(t, 'admin');
    const creator = await createUser(db, { role: 'creator' });
    const campaign = await createCampaign(db);
    const video = await createVideo(db, { creatorId: creator.id, campaignId: campaign.id });
    await db
      .insert(submissions)
      .values({ campaignId: campaign.id, creatorId: creator.id, videoId: video.id });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${video.id}/reject`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Video rejected',
      video: { status: 'rejected' },
    });
    const [submission] = await db
      .select()
      .from(submissions)
      .where(eq(submissions.videoId, video.id));
    expect(submission?.status).toBe('rejected_by_admin');
  });

  it('tells the creator by mail, with the admin’s reason when given (issue 18)', async () => {
    const db = t.database.db;
    const admin = await asRole(t, 'admin');
    const creator = await createUser(db, { role: 'creator', displayName: 'Rita Reels' });
    const mailsTo = (video: string) =>
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, creator.email), eq(mailOutbox.kind, 'video_rejected')))
        .then((rows) => rows.filter((row) => row.textBody.includes(video)));

    const given = await createVideo(db, { creatorId: creator.id, title: 'Blurry drop' });
    const reason = 'The product is never shown in focus.';
    const withReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${given.id}/reject`,
      headers: admin,
      payload: { reason: `  ${reason} ` },
    });
    expect(withReason.statusCode).toBe(200);
    const [told] = await mailsTo('Blurry drop');
    expect(told?.subject).toMatch(/was not approved/);
    expect(told?.textBody).toContain('Hi Rita Reels');
    expect(told?.textBody).toContain(`The reviewer's reason: ${reason}`);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'video.reject'), eq(auditLog.targetId, given.id)));
    expect(entry?.details).toMatchObject({ reason });

    const bare = await createVideo(db, { creatorId: creator.id, title: 'Second try' });
    const without = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${bare.id}/reject`,
      headers: admin,
    });
    expect(without.statusCode).toBe(200);
    const [plain] = await mailsTo('Second try');
    expect(plain?.textBody).not.toContain('reason');

    const long = await createVideo(db, { creatorId: creator.id, title: 'Third try' });
    const tooLong = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${long.id}/reject`,
      headers: admin,
      payload: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: { message: 'Reason must be less than 500 characters' },
    });
    expect(await mailsTo('Third try')).toEqual([]);
  });

  it('answers 404 for an unknown video and 403 to a creator', async () => {
    const admin = await asRole(t, 'admin');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/videos/00000000-0000-4000-8000-000000000000/approve',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    const video = await createVideo(t.database.db);
    const creator = await asRole(t, 'creator');
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${video.id}/approve`,
      headers: creator,
    });
    expect(denied.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.status).toBe('pending');
  });
});

describe('job queue', () => {
  it('re-runs a job whose worker died once its lock expires, and completes it once', async () => {
    const db = t.database.db;
    const queue = `test.${crypto.randomUUID()}`;
    const job = await enqueueJob(db, queue, { n: 1 });
    // A "dead" worker claims it and never finishes.
    const claimed = await claimJob(db, queue, 60_000);
    expect(claimed?.id).toBe(job.id);
    const runs: JobRow[] = [];
    const worker = createWorker({
      db,
      queue,
      log: t.app.log,
      handler: {
        async run(running) {
          runs.push(running);
        },
      },
    });
    expect(await worker.drain()).toBe(0); // still locked
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job.id));
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    expect(runs).toHaveLength(1);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('retries a passing fault, and fails for good after the last attempt', async () => {
    const db = t.database.db;
    const queue = `test.${crypto.randomUUID()}`;
    const flaky = await enqueueJob(db, queue, { kind: 'flaky' });
    const broken = await enqueueJob(db, queue, { kind: 'broken' }, { maxAttempts: 2 });
    const failed: string[] = [];
    let flakyRuns = 0;
    const worker = createWorker({
      db,
      queue,
      log: t.app.log,
      backoffMs: 0,
      handler: {
        async run(job) {
          if (job.payload.kind === 'flaky' && ++flakyRuns === 1) throw new Error('passing fault');
          if (job.payload.kind === 'broken') throw new Error('always');
        },
        async onFailed(job) {
          failed.push(job.id);
        },
      },
    });
    await worker.drain();
    await worker.drain();
    const rows = await db.select().from(jobs).where(eq(jobs.queue, queue));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(flaky.id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(byId.get(broken.id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      lastError: 'always',
    });
    expect(failed).toEqual([broken.id]);
  });
});
