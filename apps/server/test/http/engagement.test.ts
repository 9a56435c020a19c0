/** Like, share and report (SPEC.md §2 Feed, §5 Report, §6; DESIGN.md §3: one like per user). */
import { randomUUID } from 'node:crypto';
import { FEED_MESSAGES } from '@adreel/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, reports, shares, videos } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { createVideo } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function counters(videoId: string) {
  const db = t.database.db;
  const [video] = await db
    .select({ likes: videos.likes, shares: videos.shares })
    .from(videos)
    .where(eq(videos.id, videoId));
  const [likeRows] = await db.select({ n: count() }).from(likes).where(eq(likes.videoId, videoId));
  const [shareRows] = await db
    .select({ n: count() })
    .from(shares)
    .where(eq(shares.videoId, videoId));
  return { video, likeRows: likeRows?.n, shareRows: shareRows?.n };
}

describe('likes', () => {
  it('counts one like per user however often they like, and unlike takes it back', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const a = await signedInUser(t, 'viewer');
    const b = await signedInUser(t, 'creator');
    const url = `/api/videos/${video.id}/like`;

    const first = await t.app.inject({ method: 'PUT', url, headers: a.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ liked: true, likes: 1 });
    const again = await t.app.inject({ method: 'PUT', url, headers: a.headers });
    expect(again.json()).toEqual({ liked: true, likes: 1 });
    // Racing double-taps from the same user still make one like.
    await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'PUT', url, headers: b.headers })),
    );
    expect(await counters(video.id)).toMatchObject({ video: { likes: 2 }, likeRows: 2 });

    const unlike = await t.app.inject({ method: 'DELETE', url, headers: a.headers });
    expect(unlike.json()).toEqual({ liked: false, likes: 1 });
    const unlikeAgain = await t.app.inject({ method: 'DELETE', url, headers: a.headers });
    expect(unlikeAgain.json()).toEqual({ liked: false, likes: 1 });
    expect(await counters(video.id)).toMatchObject({ video: { likes: 1 }, likeRows: 1 });

    const feed = await t.app.inject({ method: 'GET', url: '/api/feed', headers: b.headers });
    expect(feed.json().videos.find((v: { id: string }) => v.id === video.id)).toMatchObject({
      likes: 1,
      likedByMe: true,
    });
  });

  it('asks the signed-out to sign in and refuses videos that are not live', async () => {
    const pending = await createVideo(t.database.db, { status: 'pending' });
    const signedOut = await t.app.inject({ method: 'PUT', url: `/api/videos/${pending.id}/like` });
    expect(signedOut.statusCode).toBe(401);

    const { headers } = await signedInUser(t, 'viewer');
    for (const id of [pending.id, randomUUID()]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/videos/${id}/like`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Video not found');
    }
    const bad = await t.app.inject({ method: 'PUT', url: '/api/videos/nope/like', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid video ID');
  });
});

describe('shares', () => {
  it('logs and counts one share per signed-in user and video; a repeat answers the same count', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const { headers } = await signedInUser(t, 'viewer');
    const other = await signedInUser(t, 'viewer');
    const url = `/api/videos/${video.id}/shares`;
    expect((await t.app.inject({ method: 'POST', url, headers })).json()).toEqual({ shares: 1 });
    // Issue 16: sharing again changes nothing (SPEC.md §3 shares: user_id, video_id).
    const again = await t.app.inject({ method: 'POST', url, headers });
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 200,
      body: { shares: 1 },
    });
    expect((await t.app.inject({ method: 'POST', url, headers: other.headers })).json()).toEqual({
      shares: 2,
    });
    expect(await counters(video.id)).toMatchObject({ video: { shares: 2 }, shareRows: 2 });
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect(await counters(video.id)).toMatchObject({ video: { shares: 2 }, shareRows: 2 });
  });
});

describe('reports', () => {
  it('stores a report with its reason, and the reporter sees it and its outcome', async () => {
    const video = await createVideo(t.database.db, { status: 'approved', title: 'Loud ad' });
    const { user, headers } = await signedInUser(t, 'viewer');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/reports`,
      headers,
      payload: { reason: '  Misleading claims about the product  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      videoId: video.id,
      reason: 'Misleading claims about the product',
      status: 'open',
    });
    const [row] = await t.database.db.select().from(reports).where(eq(reports.reporterId, user.id));
    expect(row?.reason).toBe('Misleading claims about the product');

    const mine = await t.app.inject({ method: 'GET', url: '/api/me/reports', headers });
    expect(mine.json()).toEqual({
      reports: [
        {
          id: res.json().id,
          videoId: video.id,
          videoTitle: 'Loud ad',
          reason: 'Misleading claims about the product',
          status: 'open',
          createdAt: expect.any(String),
          resolvedAt: null,
        },
      ],
    });
    const other = await signedInUser(t, 'viewer');
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/me/reports',
      headers: other.headers,
    });
    expect(theirs.json()).toEqual({ reports: [] });
  });

  it('answers with SPEC.md’s messages: sign in first, a reason, at most 500 characters', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const url = `/api/videos/${video.id}/reports`;
    const signedOut = await t.app.inject({ method: 'POST', url, payload: { reason: 'spam' } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe(FEED_MESSAGES.reportSignIn);

    const { headers } = await signedInUser(t, 'viewer');
    for (const payload of [{ reason: '   ' }, { reason: '' }, {}]) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(FEED_MESSAGES.reportNoReason);
    }
    const long = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { reason: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Reason must be less than 500 characters');

    const pending = await createVideo(t.database.db, { status: 'pending' });
    for (const id of [pending.id, randomUUID()]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/videos/${id}/reports`,
        headers,
        payload: { reason: 'spam' },
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me/reports' })).statusCode).toBe(401);
  });
});
