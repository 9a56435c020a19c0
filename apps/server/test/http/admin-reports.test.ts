/**
 * The admin's Reports tab (SPEC.md §2 Admin Dashboard; issue 5 item 6): list with video and reporter,
 * Dismiss and Remove video; the report closes with its outcome, the reporter reads it by mail and in
 * their own list, and the decision is in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, submissions, videos } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { createCampaign, createUser, createVideo } from '../support/factories';
import { lastMailTo } from '../support/mail';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
});
afterAll(async () => {
  await t?.close();
});

async function report(videoId: string, reason = 'Misleading claims') {
  const reporter = await signedInUser(t, 'viewer', { displayName: 'Rita Reporter' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/reports`,
    headers: reporter.headers,
    payload: { reason },
  });
  expect(res.statusCode).toBe(201);
  return { reporter, id: res.json().id as string };
}

const counts = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/counts', headers: admin.headers })).json();

describe('admin reports', () => {
  it('lists open reports newest first with the video, its creator and the reporter', async () => {
    const creator = await createUser(t.database.db, { role: 'creator', displayName: 'Leo' });
    const video = await createVideo(t.database.db, {
      status: 'approved',
      creatorId: creator.id,
      title: 'Deep focus',
      caption: 'Headphones on',
    });
    const first = await report(video.id, 'Too loud');
    const second = await report(video.id, 'Spam');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const listed = res
      .json()
      .reports.filter((r: { video: { id: string } }) => r.video.id === video.id);
    expect(listed.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
    expect(listed[0]).toEqual({
      id: second.id,
      reason: 'Spam',
      status: 'open',
      createdAt: expect.any(String),
      resolvedAt: null,
      reporter: { id: second.reporter.user.id, username: second.reporter.user.username },
      video: {
        id: video.id,
        title: 'Deep focus',
        caption: 'Headphones on',
        status: 'approved',
        fileUrl: video.fileUrl,
        thumbUrl: video.thumbUrl,
        creator: { id: creator.id, username: creator.username, displayName: 'Leo', photoUrl: null },
      },
    });
  });

  it('dismisses a report: the video stays, the reporter is mailed and sees the outcome, it is audited', async () => {
    const video = await createVideo(t.database.db, { status: 'approved', title: 'Weekend drop' });
    const { reporter, id } = await report(video.id);
    const before = await counts();

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/dismiss`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Report dismissed',
      report: { id, status: 'dismissed', resolvedAt: expect.any(String) },
    });
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.status).toBe('approved');

    const mail = await lastMailTo(t.database.db, reporter.user.email, 'report_outcome');
    expect(mail?.subject).toBe('Your report on Adreel: the video stays up');
    expect(mail?.textBody).toContain('Hi Rita Reporter');
    expect(mail?.textBody).toContain('"Weekend drop"');

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/me/reports',
      headers: reporter.headers,
    });
    expect(mine.json().reports[0]).toMatchObject({ id, status: 'dismissed' });

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.dismiss'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      targetType: 'report',
    });
    expect((await counts()).openReports).toBe(before.openReports - 1);

    const closedList = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports?status=closed',
      headers: admin.headers,
    });
    expect(closedList.json().reports.map((r: { id: string }) => r.id)).toContain(id);
    const openList = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: admin.headers,
    });
    expect(openList.json().reports.map((r: { id: string }) => r.id)).not.toContain(id);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/dismiss`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This report has already been closed');
  });

  it('removes a video: rejected, gone from the feed, its submission closed, every open report on it actioned and mailed', async () => {
    const db = t.database.db;
    const campaign = await createCampaign(db);
    const maker = await createUser(db, { role: 'creator' });
    const video = await createVideo(db, {
      creatorId: maker.id,
      status: 'approved',
      title: 'Fake cure',
      featured: true,
      campaignId: campaign.id,
    });
    await db.insert(submissions).values({
      campaignId: campaign.id,
      creatorId: video.creatorId,
      videoId: video.id,
    });
    const first = await report(video.id, 'Medical claims');
    const second = await report(video.id, 'Scam');

    const reason = 'Claims to cure a disease.';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${first.id}/remove-video`,
      headers: admin.headers,
      payload: { reason },
    });
    expect(res.statusCode).toBe(200);
    // Issue 18: the creator is told too, with the admin's reason.
    const told = await lastMailTo(db, maker.email, 'video_rejected');
    expect(told?.subject).toBe('Your video on Adreel was removed');
    expect(told?.textBody).toContain('"Fake cure" was removed after a report');
    expect(told?.textBody).toContain(`The reviewer's reason: ${reason}`);
    expect(res.json()).toMatchObject({
      message: 'Video removed',
      report: { id: first.id, status: 'actioned', video: { id: video.id, status: 'rejected' } },
    });
    const [row] = await db.select().from(videos).where(eq(videos.id, video.id));
    // Rejected media is unreachable: the files are deleted and the row no longer names them.
    expect(row).toMatchObject({
      status: 'rejected',
      featured: false,
      fileUrl: null,
      thumbUrl: null,
    });
    const [submission] = await db
      .select()
      .from(submissions)
      .where(eq(submissions.videoId, video.id));
    expect(submission?.status).toBe('rejected_by_admin');

    const feed = await t.app.inject({ method: 'GET', url: '/api/feed' });
    expect(feed.json().videos.map((v: { id: string }) => v.id)).not.toContain(video.id);

    for (const { reporter, id } of [first, second]) {
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/me/reports',
        headers: reporter.headers,
      });
      expect(mine.json().reports[0]).toMatchObject({ id, status: 'actioned' });
      const mail = await lastMailTo(db, reporter.user.email, 'report_outcome');
      expect(mail?.subject).toBe('Your report on Adreel: the video was removed');
    }
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.user.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['video.reject', 'report.remove_video']),
    );
  });

  it('lets one of two admins deciding the same report at once win; the other is told it is closed', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const { reporter, id } = await report(video.id);
    const [dismiss, remove] = await Promise.all(
      ['dismiss', 'remove-video'].map((action) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/reports/${id}/${action}`,
          headers: admin.headers,
        }),
      ),
    );
    expect([dismiss?.statusCode, remove?.statusCode].sort()).toEqual([200, 409]);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, reporter.user.email), eq(mailOutbox.kind, 'report_outcome')),
      );
    expect(mails).toHaveLength(1);
  });

  it('answers unknown and malformed report ids', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${randomUUID()}/remove-video`,
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Report not found');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reports/nope/dismiss',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid report ID');
    const badStatus = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports?status=maybe',
      headers: admin.headers,
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it('counts pending videos and open reports for the tabs', async () => {
    const before = await counts();
    await createVideo(t.database.db, { status: 'pending' });
    const video = await createVideo(t.database.db, { status: 'approved' });
    await report(video.id);
    expect(await counts()).toEqual({
      pendingVideos: before.pendingVideos + 1,
      openReports: before.openReports + 1,
    });
  });
});
