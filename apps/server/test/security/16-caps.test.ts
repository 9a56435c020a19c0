/**
 * Issue 16: caps and dedupe. A view counts once per viewer and video in 24 h (a repeat is stored as
 * viewer_cap), and at most VIEWS_PER_IP_PER_DAY views per network address and video in 24 h (the
 * rest: ip_cap), so forging device ids buys nothing; call-to-action clicks the same way. One
 * counted share per user and video: the 25 shares one account added to a video are one.
 */
import { randomUUID } from 'node:crypto';
import { VIEWS_PER_IP_PER_DAY } from '@adreel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shares, viewEvents } from '../../src/db/schema';
import type { TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { type TestClock, testClock } from '../support/clock';
import { createVideo } from '../support/factories';
import {
  type Client,
  countingTestApp,
  postMetrics,
  servedTokens,
  videoCounters,
  watchEvents,
} from '../support/impressions';

let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = testClock();
  t = await countingTestApp(clock);
});
afterAll(() => t?.close());

const counters = (videoId: string) => videoCounters(t, videoId);

async function reasons(videoId: string, metric: string): Promise<string[]> {
  const { rows } = await t.database.db.execute<{ reason: string }>(sql`
    select reason from filtered_traffic where video_id = ${videoId} and metric = ${metric}
    order by created_at`);
  return rows.map((row) => row.reason);
}

/** Served, watched for 10 s, reported: a view (and a click when asked). */
async function watch(client: Client, videoId: string, click = false) {
  const tokens = await servedTokens(t, client, [videoId]);
  clock.advance(10_000);
  const res = await postMetrics(t, client, watchEvents(videoId, tokens[videoId], { click }));
  expect(res.statusCode).toBe(202);
}

describe('per viewer and per address', () => {
  it('counts one view and one click per viewer and video in 24 h; the repeat is viewer_cap', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const viewer = { deviceId: randomUUID(), ip: '203.0.113.20' };
    await watch(viewer, video.id, true);
    await watch(viewer, video.id, true);
    expect(await counters(video.id)).toMatchObject({ views: 1, clicks: 1 });
    expect(await reasons(video.id, 'views')).toEqual(['viewer_cap']);
    expect(await reasons(video.id, 'clicks')).toEqual(['viewer_cap']);
  });

  it('counts at most VIEWS_PER_IP_PER_DAY views and clicks per address and video; other addresses count', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const household = '203.0.113.30';
    for (let i = 0; i < VIEWS_PER_IP_PER_DAY + 2; i += 1)
      await watch({ deviceId: randomUUID(), ip: household }, video.id, true);
    expect(await counters(video.id)).toMatchObject({
      views: VIEWS_PER_IP_PER_DAY,
      clicks: VIEWS_PER_IP_PER_DAY,
    });
    expect(await reasons(video.id, 'views')).toEqual(['ip_cap', 'ip_cap']);
    expect(await reasons(video.id, 'clicks')).toEqual(['ip_cap', 'ip_cap']);
    // Another video from the same address, and the same video from another address, count.
    const other = await createVideo(t.database.db, { status: 'approved' });
    await watch({ deviceId: randomUUID(), ip: household }, other.id);
    await watch({ deviceId: randomUUID(), ip: '203.0.113.31' }, video.id);
    expect(await counters(other.id)).toMatchObject({ views: 1 });
    expect(await counters(video.id)).toMatchObject({ views: VIEWS_PER_IP_PER_DAY + 1 });

    // A day later the address has its allowance again.
    await t.database.db
      .update(viewEvents)
      .set({
        createdAt: sql`created_at - interval '25 hours'`,
        countedAt: sql`counted_at - interval '25 hours'`,
        clickedAt: sql`clicked_at - interval '25 hours'`,
      })
      .where(eq(viewEvents.videoId, video.id));
    await watch({ deviceId: randomUUID(), ip: household }, video.id);
    expect(await counters(video.id)).toMatchObject({ views: VIEWS_PER_IP_PER_DAY + 2 });
  });

  it('counts an IPv6 /64 as one address: rotating addresses within it buys nothing', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    for (let i = 1; i <= VIEWS_PER_IP_PER_DAY + 3; i += 1)
      await watch({ deviceId: randomUUID(), ip: `2001:db8:7:1::${i.toString(16)}` }, video.id);
    await watch({ deviceId: randomUUID(), ip: '2001:db8:7:1:a:b:c:d' }, video.id);
    expect(await counters(video.id)).toMatchObject({ views: VIEWS_PER_IP_PER_DAY });
    // Another /64 is another household.
    await watch({ deviceId: randomUUID(), ip: '2001:db8:7:2::1' }, video.id);
    expect(await counters(video.id)).toMatchObject({ views: VIEWS_PER_IP_PER_DAY + 1 });
  });

  it('holds the per-address cap when the batches arrive together', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const clients = Array.from({ length: 12 }, () => ({
      deviceId: randomUUID(),
      ip: '203.0.113.40',
    }));
    const tokens = await Promise.all(clients.map((c) => servedTokens(t, c, [video.id])));
    clock.advance(10_000);
    await Promise.all(
      clients.map((c, i) => postMetrics(t, c, watchEvents(video.id, tokens[i]?.[video.id]))),
    );
    expect(await counters(video.id)).toMatchObject({ views: VIEWS_PER_IP_PER_DAY });
    expect(await reasons(video.id, 'views')).toHaveLength(12 - VIEWS_PER_IP_PER_DAY);
  });
});

describe('shares', () => {
  it('counts one share per user and video, however often one account shares', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const { headers } = await signedInUser(t, 'viewer');
    const url = `/api/videos/${video.id}/shares`;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => t.app.inject({ method: 'POST', url, headers })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.map((res) => res.json())).toEqual(answers.map(() => ({ shares: 1 })));
    expect(await counters(video.id)).toMatchObject({ shares: 1 });
    const rows = await t.database.db.select().from(shares).where(eq(shares.videoId, video.id));
    expect(rows).toHaveLength(1);
  });
});
