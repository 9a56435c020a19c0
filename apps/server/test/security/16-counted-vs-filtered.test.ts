/**
 * Issue 16: the people who pay see counted views and, beside them, what was filtered and why (the
 * brand's Performance API, the creator's own stats); scores and leaderboards use counted numbers
 * only, so a recompute after a flood of filtered traffic changes nothing that was counted honestly.
 */
import { randomUUID } from 'node:crypto';
import { VIEWS_PER_IP_PER_DAY } from '@adreel/domain';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/db/schema';
import { recomputeScores } from '../../src/modules/ranking/ranking.queries';
import { submitEntry } from '../http/campaigns.support';
import type { TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { type TestClock, testClock } from '../support/clock';
import { createCampaign, createUser, createVideo } from '../support/factories';
import {
  type Client,
  countingTestApp,
  HEADLESS_UA,
  postMetrics,
  servedTokens,
  watchEvents,
} from '../support/impressions';

let t: TestApp;
let clock: TestClock;
let address = 0;
function honest(): Client {
  address += 1;
  return { deviceId: randomUUID(), ip: `192.0.2.${address}` };
}

beforeAll(async () => {
  clock = testClock();
  t = await countingTestApp(clock);
});
afterAll(() => t?.close());

/** Served, watched for a minute, reported: a view that went `furthest` far. */
async function watch(client: Client, videoId: string, furthest = 0.8, click = false) {
  const tokens = await servedTokens(t, client, [videoId]);
  clock.advance(60_000);
  await postMetrics(t, client, watchEvents(videoId, tokens[videoId], { furthest, click }));
  return tokens[videoId];
}

/**
 * What an attacker throws at a video: events without tokens, a headless browser's, one served
 * token replayed by other devices, impossible timing, and (with `farm`) a dozen served devices on
 * one address, of which the per-address allowance counts.
 */
async function flood(videoId: string, farm = true) {
  for (let i = 0; i < 5; i += 1)
    await postMetrics(t, honest(), watchEvents(videoId, undefined, { furthest: 1 }));
  const headless = { ...honest(), userAgent: HEADLESS_UA };
  const headlessTokens = await servedTokens(t, headless, [videoId]);
  clock.advance(60_000);
  await postMetrics(t, headless, watchEvents(videoId, headlessTokens[videoId]));
  const victim = honest();
  const stolen = (await servedTokens(t, victim, [videoId]))[videoId];
  for (let i = 0; i < 3; i += 1)
    await postMetrics(t, { ...victim, deviceId: randomUUID() }, watchEvents(videoId, stolen));
  const hasty = honest();
  const hastyTokens = await servedTokens(t, hasty, [videoId]);
  await postMetrics(t, hasty, watchEvents(videoId, hastyTokens[videoId]));
  if (!farm) return;
  const devices = Array.from({ length: 12 }, () => ({
    deviceId: randomUUID(),
    ip: '198.51.100.99',
  }));
  const farmTokens = await Promise.all(devices.map((c) => servedTokens(t, c, [videoId])));
  clock.advance(60_000);
  for (const [i, c] of devices.entries())
    await postMetrics(t, c, watchEvents(videoId, farmTokens[i]?.[videoId], { click: true }));
}

const FLOOD_FILTERED = {
  views: 5 + 1 + 3 + 1 + (12 - VIEWS_PER_IP_PER_DAY),
  byReason: {
    missing_token: 5,
    bot_user_agent: 1,
    invalid_token: 3,
    impossible_timing: 1,
    ip_cap: 12 - VIEWS_PER_IP_PER_DAY,
  },
};

describe('counted and filtered, side by side', () => {
  it('shows the brand and the creator counted views and, apart, the filtered ones by reason', async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await signedInUser(t, 'creator');
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const { video } = await submitEntry(
      t,
      campaign,
      creator.user.id,
      { status: 'approved', publishedAt: new Date() },
      'approved_by_brand',
    );
    const viewers = [honest(), honest()];
    for (const viewer of viewers) await watch(viewer, video.id);
    await flood(video.id);

    const res = await t.app.inject({ url: '/api/brand/performance', headers: brand.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const counted = 2 + VIEWS_PER_IP_PER_DAY;
    expect(body.filtered).toEqual(FLOOD_FILTERED);
    expect(body.campaigns).toEqual([
      expect.objectContaining({ id: campaign.id, views: counted, filtered: FLOOD_FILTERED }),
    ]);
    expect(body.videos).toEqual([
      expect.objectContaining({ id: video.id, views: counted, filtered: FLOOD_FILTERED }),
    ]);

    const stats = await t.app.inject({ url: '/api/creator/stats', headers: creator.headers });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({ totalViews: counted, filtered: FLOOD_FILTERED });
    // Someone else's stats carry none of it.
    const other = await signedInUser(t, 'creator');
    const none = await t.app.inject({ url: '/api/creator/stats', headers: other.headers });
    expect(none.json()).toMatchObject({ totalViews: 0, filtered: { views: 0, byReason: {} } });
  });
});

describe('scores and leaderboards', () => {
  it('a recompute after filtered traffic changes nothing that was counted honestly', async () => {
    const db = t.database.db;
    const maker = await createUser(db, { role: 'creator' });
    const made = await Promise.all(
      [0, 1, 2].map((i) =>
        createVideo(db, {
          creatorId: maker.id,
          status: 'approved',
          publishedAt: new Date(Date.now() - (i + 1) * 3_600_000),
          views: 0,
          likes: 0,
          shares: 0,
          clicks: 0,
          vt50Count: 0,
          vt90Count: 0,
          watchTimeAvg: 0,
        }),
      ),
    );
    const ids = made.map((v) => v.id);
    // Honest traffic: 3, 2 and 1 viewers, watching different lengths, a click here and there.
    const viewersOf: Array<{ client: Client; videoId: string }> = [];
    for (const [i, id] of ids.entries())
      for (let n = 0; n < 3 - i; n += 1) {
        const client = honest();
        await watch(client, id, 0.3 + 0.2 * n, n === 0);
        viewersOf.push({ client, videoId: id });
      }
    const snapshot = async () => {
      await recomputeScores(db);
      const rows = await db
        .select({
          id: videos.id,
          views: videos.views,
          clicks: videos.clicks,
          vt90: videos.vt90Count,
          watch: videos.watchTimeAvg,
          score: videos.score,
        })
        .from(videos)
        .where(inArray(videos.id, ids));
      const board = await t.app.inject({ url: '/api/leaderboard/videos' });
      const order = (board.json().videos as Array<{ id: string; views: number }>)
        .filter((v) => ids.includes(v.id))
        .map((v) => [v.id, v.views]);
      return { rows: rows.sort((a, b) => a.id.localeCompare(b.id)), order };
    };
    const before = await snapshot();
    // Every video gets the flood (the farm aside: its allowance would count), and the honest
    // viewers' views are sent again within the day (viewer_cap): nothing that counted moves.
    for (const id of ids) await flood(id, false);
    for (const viewer of viewersOf) await watch(viewer.client, viewer.videoId, 0.1);
    const after = await snapshot();
    expect(after).toEqual(before);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from filtered_traffic where video_id = any(${`{${ids.join(',')}}`}::uuid[]) and metric = 'views'`,
    );
    expect(rows[0]?.n).toBe(ids.length * 10 + viewersOf.length);
  });
});
