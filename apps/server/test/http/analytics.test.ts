/**
 * Issue 19 (decision 032): the rollups move with the counted events, the brand's and the creator's
 * analytics read them (figures, medians, cost per view, retention, series, filtered beside), each
 * caller sees only their own videos, and an open stream hears of a change to one of them.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AnalyticsOverview, VideoAnalytics } from '@adreel/domain/analytics-api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { createCampaign, createVideo, type TestUser } from '../support/factories';
import { BROWSER_UA, HEADLESS_UA, withTokens } from '../support/impressions';

let t: TestApp;
let baseUrl: string;
let brand: { user: TestUser; headers: AuthHeaders };
let creator: { user: TestUser; headers: AuthHeaders };
let otherBrand: AuthHeaders;
let viewer: AuthHeaders;
let videoA: string;
let videoB: string;
let unentered: string;

async function approvedEntry(campaignId: string, creatorId: string, durationSec: number) {
  const video = await createVideo(t.database.db, {
    creatorId,
    campaignId,
    status: 'approved',
    durationSec,
  });
  await t.database.db.insert(submissions).values({
    campaignId,
    creatorId,
    videoId: video.id,
    status: 'approved_by_brand',
    decidedAt: new Date(),
  });
  return video.id;
}

/** One anonymous viewer's events, as a browser that got the video from the feed sends them. */
async function watch(
  videoId: string,
  fraction: number,
  opts: { click?: boolean; ua?: string } = {},
) {
  const deviceId = randomUUID();
  const events: Record<string, unknown>[] = [
    { action: 'increment', videoId, metricType: 'views', increment: 1 },
    { action: 'watch_progress', videoId, fraction },
  ];
  if (opts.click) events.push({ action: 'increment', videoId, metricType: 'clicks', increment: 1 });
  const body = await withTokens(t.database.db, { deviceId, events }, `d:${deviceId}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/metrics',
    headers: { 'content-type': 'application/json', 'user-agent': opts.ua ?? BROWSER_UA },
    payload: JSON.stringify(body),
    remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  expect(res.statusCode).toBe(202);
}

async function get<T>(url: string, headers: AuthHeaders) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as T };
}

beforeAll(async () => {
  t = await createTestApp({}, { rateLimits: { metricsPerViewer: 1000, metricsPerIp: 100_000 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  brand = await signedInUser(t, 'brand');
  creator = await signedInUser(t, 'creator');
  otherBrand = (await signedInUser(t, 'brand')).headers;
  viewer = (await signedInUser(t, 'viewer')).headers;
  const campaign = await createCampaign(t.database.db, {
    brandId: brand.user.id,
    payoutPerVideoCents: 10_000,
  });
  videoA = await approvedEntry(campaign.id, creator.user.id, 20);
  videoB = await approvedEntry(campaign.id, creator.user.id, 10);
  unentered = (await createVideo(t.database.db, { creatorId: creator.user.id, status: 'approved' }))
    .id;
  // A: one view to the end with a click, one to 5 s of 20; a bot's view kept apart.
  await watch(videoA, 1, { click: true });
  await watch(videoA, 0.25);
  await watch(videoA, 1, { ua: HEADLESS_UA });
  // B: four views, two to the end.
  await watch(videoB, 1);
  await watch(videoB, 0.95);
  await watch(videoB, 0.5);
  await watch(videoB, 0.35);
  const like = await t.app.inject({
    method: 'PUT',
    url: `/api/videos/${videoA}/like`,
    headers: viewer,
  });
  expect(like.statusCode).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('analytics rollups', () => {
  it('equal what the stored windows, likes and filtered rows say', async () => {
    const { rows } = await t.database.db.execute<{
      video_id: string;
      views: number;
      completions: number;
      clicks: number;
      likes: number;
      filtered: number;
      histogram: number;
    }>(sql`
      select h.video_id::text, sum(h.views)::int as views, sum(h.completions)::int as completions,
        sum(h.clicks)::int as clicks, sum(h.likes)::int as likes, sum(h.filtered)::int as filtered,
        (select sum(views)::int from video_retention r where r.video_id = h.video_id) as histogram
      from video_hourly_stats h where h.video_id in (${videoA}, ${videoB}) group by h.video_id`);
    const byId = new Map(rows.map((row) => [row.video_id, row]));
    expect(byId.get(videoA)).toMatchObject({
      views: 2,
      completions: 1,
      clicks: 1,
      likes: 1,
      filtered: 1,
      histogram: 2,
    });
    expect(byId.get(videoB)).toMatchObject({ views: 4, completions: 2, clicks: 0, histogram: 4 });
  });
});

describe('GET /api/analytics/brand', () => {
  it("gives the brand's videos' figures, the median, and cost per counted and completed view", async () => {
    const { status, body } = await get<AnalyticsOverview>('/api/analytics/brand', brand.headers);
    expect(status).toBe(200);
    expect(body.videos.map((v) => v.id).sort()).toEqual([videoA, videoB].sort());
    const a = body.videos.find((v) => v.id === videoA);
    expect(a?.figures).toMatchObject({
      views: 2,
      completions: 1,
      completionRate: 0.5,
      clicks: 1,
      clickThroughRate: 0.5,
      likes: 1,
      likesPerThousand: 500,
      filteredViews: 1,
    });
    expect(a?.cost).toEqual({
      payoutCents: 10_000,
      views: 2,
      completions: 1,
      costPerViewCents: 5000,
      costPerCompletedViewCents: 10_000,
    });
    expect(body.median).toMatchObject({ videos: 2, views: 3, completionRate: 0.5 });
    expect(body.overall).toMatchObject({
      payoutCents: 20_000,
      views: 6,
      completions: 3,
      costPerViewCents: 20_000 / 6,
    });
    expect(body.campaigns).toHaveLength(1);
    expect(body.campaigns[0]?.filteredViews).toBe(1);
  });

  it('is the brand area’s: a viewer and a creator are refused, another brand sees none of it', async () => {
    expect((await get('/api/analytics/brand', viewer)).status).toBe(403);
    expect((await get('/api/analytics/brand', creator.headers)).status).toBe(403);
    const other = await get<AnalyticsOverview>('/api/analytics/brand', otherBrand);
    expect(other.status).toBe(200);
    expect(other.body.videos).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/brand' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/analytics/videos/:id', () => {
  it('gives the retention curve, the series ending this hour, and the median beside', async () => {
    const { status, body } = await get<VideoAnalytics>(
      `/api/analytics/videos/${videoA}?as=brand`,
      brand.headers,
    );
    expect(status).toBe(200);
    expect(body.retention).toHaveLength(21);
    expect(body.retention[0]).toEqual({ second: 0, share: 1 });
    expect(body.retention[5]).toEqual({ second: 5, share: 1 });
    expect(body.retention[6]).toEqual({ second: 6, share: 0.5 });
    expect(body.retention[20]).toEqual({ second: 20, share: 0.5 });
    const hourly = body.series.filter((p) => p.unit === 'hour');
    expect(hourly).toHaveLength(48);
    expect(hourly.at(-1)).toMatchObject({
      views: 2,
      completions: 1,
      clicks: 1,
      likes: 1,
      filtered: 1,
    });
    expect(body.median.videos).toBe(2);
    expect(body.video.cost?.costPerViewCents).toBe(5000);
  });

  it('shows a creator their own videos, without money; others get not found', async () => {
    const own = await get<VideoAnalytics>(
      `/api/analytics/videos/${unentered}?as=creator`,
      creator.headers,
    );
    expect(own.status).toBe(200);
    expect(own.body.video.cost).toBeNull();
    expect(own.body.median.videos).toBe(2);
    const overview = await get<AnalyticsOverview>('/api/analytics/creator', creator.headers);
    expect(overview.body.videos).toHaveLength(3);
    expect(overview.body.overall).toBeNull();
    expect((await get(`/api/analytics/videos/${videoA}?as=brand`, otherBrand)).status).toBe(404);
    expect((await get(`/api/analytics/videos/${unentered}?as=brand`, brand.headers)).status).toBe(
      404,
    );
    expect((await get(`/api/analytics/videos/${videoA}?as=creator`, viewer)).status).toBe(403);
    expect((await get('/api/analytics/videos/not-a-uuid?as=brand', brand.headers)).status).toBe(
      404,
    );
    const bad = await get<{ error: { message: string } }>(
      `/api/analytics/videos/${videoA}?as=admin`,
      brand.headers,
    );
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/analytics/stream', () => {
  it('tells an open stream which of its videos moved after a counted view', async () => {
    const abort = new AbortController();
    try {
      const res = await fetch(`${baseUrl}/api/analytics/stream?as=brand`, {
        headers: { ...brand.headers, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      if (!res.body) throw new Error('no body');
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      const next = async (): Promise<unknown> => {
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6));
            if (data.length > 0) return JSON.parse(data.join('\n'));
            continue;
          }
          const chunk = await reader.read();
          if (chunk.done) throw new Error('the stream ended');
          buffer += decoder.decode(chunk.value, { stream: true });
        }
      };
      expect(await next()).toEqual({ changed: [] });
      // Another creator's video moving is not this brand's business; A moving is.
      const stranger = await createVideo(t.database.db, { status: 'approved' });
      await watch(stranger.id, 1);
      await watch(videoA, 0.5);
      expect(await next()).toEqual({ changed: [videoA] });
    } finally {
      abort.abort();
    }
  });
});
