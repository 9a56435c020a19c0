/**
 * Issue 16: the attack that took a video from 320 to 720 views. One machine sent 400 metric batches,
 * each with a new random device id. Now a view counts only with an impression token the feed served
 * to that device, and at most VIEWS_PER_IP_PER_DAY views per address and video count in 24 h: the
 * same 400 batches, even with a freshly served token each, add at most the per-address allowance,
 * and everything else is kept apart as filtered traffic with its reason.
 */
import { randomUUID } from 'node:crypto';
import { VIEWS_PER_IP_PER_DAY } from '@adreel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/db/schema';
import type { TestApp } from '../support/app';
import { type TestClock, testClock } from '../support/clock';
import { createVideo } from '../support/factories';
import {
  countingTestApp,
  postMetrics,
  servedTokens,
  videoCounters,
  watchEvents,
} from '../support/impressions';

const FORGED = 400;
const ATTACKER = '198.51.100.7';

let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = testClock();
  t = await countingTestApp(clock);
});
afterAll(() => t?.close());

const views = async (videoId: string) => (await videoCounters(t, videoId)).views;

async function filteredByReason(videoId: string): Promise<Record<string, number>> {
  const { rows } = await t.database.db.execute<{ reason: string; n: number }>(sql`
    select reason, count(*)::int as n from filtered_traffic
    where video_id = ${videoId} and metric = 'views' group by reason`);
  return Object.fromEntries(rows.map((row) => [row.reason, Number(row.n)]));
}

/** Runs `count` jobs, `width` at a time. */
async function inWaves<T>(count: number, width: number, job: (i: number) => Promise<T>) {
  const results: T[] = [];
  for (let start = 0; start < count; start += width) {
    const wave = Array.from({ length: Math.min(width, count - start) }, (_, k) => job(start + k));
    results.push(...(await Promise.all(wave)));
  }
  return results;
}

describe('400 forged device ids from one address', () => {
  it('without tokens (the old script) adds no view at all', async () => {
    const video = await createVideo(t.database.db, { status: 'approved', views: 320 });
    const answers = await inWaves(FORGED, 25, async () => {
      const res = await postMetrics(
        t,
        { deviceId: randomUUID(), ip: ATTACKER },
        watchEvents(video.id, undefined),
      );
      return res.statusCode;
    });
    // Acknowledged like any batch (the sender is not told), counted as nothing.
    expect(new Set(answers)).toEqual(new Set([202]));
    expect(await views(video.id)).toBe(320);
    expect(await filteredByReason(video.id)).toEqual({ missing_token: FORGED });
  });

  it('each with a token the feed served it adds at most VIEWS_PER_IP_PER_DAY', async () => {
    const video = await createVideo(t.database.db, { status: 'approved', views: 320 });
    const devices = Array.from({ length: FORGED }, () => ({
      deviceId: randomUUID(),
      ip: ATTACKER,
    }));
    const tokens = await inWaves(FORGED, 25, (i) =>
      servedTokens(t, devices[i] as (typeof devices)[0], [video.id]),
    );
    // They "watch" for a minute, then report.
    clock.advance(60_000);
    const answers = await inWaves(FORGED, 25, (i) =>
      postMetrics(
        t,
        devices[i] as (typeof devices)[0],
        watchEvents(video.id, tokens[i]?.[video.id], { furthest: 1, click: true }),
      ),
    );
    expect(answers.filter((res) => res.statusCode !== 202)).toEqual([]);
    expect(await views(video.id)).toBe(320 + VIEWS_PER_IP_PER_DAY);
    expect(await filteredByReason(video.id)).toEqual({ ip_cap: FORGED - VIEWS_PER_IP_PER_DAY });
    const [row] = await t.database.db
      .select({ clicks: videos.clicks })
      .from(videos)
      .where(eq(videos.id, video.id));
    expect(row?.clicks).toBe(VIEWS_PER_IP_PER_DAY);

    // A real viewer elsewhere still counts.
    const neighbour = { deviceId: randomUUID(), ip: '203.0.113.9' };
    const token = await servedTokens(t, neighbour, [video.id]);
    clock.advance(5_000);
    await postMetrics(t, neighbour, watchEvents(video.id, token[video.id]));
    expect(await views(video.id)).toBe(320 + VIEWS_PER_IP_PER_DAY + 1);
  });
});
