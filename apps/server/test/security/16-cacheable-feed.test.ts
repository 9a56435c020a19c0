/**
 * Issue 16 (decision 030): the impression tokens keep the signed-out feed cacheable. The page's
 * text is cached without them and each request gets its own viewer's tokens spliced in; the first
 * page written into the HTML of /feed (the same for every visitor) carries none, and the client asks
 * GET /api/feed/impressions for them. A token works for the device it was served to only.
 */
import { randomUUID } from 'node:crypto';
import { FEED_FIRST_PAGE_ELEMENT_ID, feedPageSchema } from '@adreel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type TestClock, testClock } from '../support/clock';
import { createVideo } from '../support/factories';
import { postMetrics, watchEvents } from '../support/impressions';

let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = testClock();
  // A long micro-cache: every signed-out page below comes from it after the first.
  t = await createTestApp({ FEED_CACHE_MS: '60000' }, { impressionClock: clock.now });
});
afterAll(() => t?.close());

async function feedAs(deviceId: string) {
  const res = await t.app.inject({ url: '/api/feed', headers: { 'x-device-id': deviceId } });
  expect(res.statusCode).toBe(200);
  return feedPageSchema.parse(res.json());
}

describe('the cached signed-out feed', () => {
  it('serves every device the cached page with tokens of its own, good for that device only', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const a = randomUUID();
    const b = randomUUID();
    const pageA = await feedAs(a);
    // Changed behind the cache's back: the next page still comes from the cache…
    await t.database.db.update(videos).set({ views: 999 }).where(eq(videos.id, video.id));
    const pageB = await feedAs(b);
    expect(pageB.videos).toEqual(pageA.videos);
    expect(pageB.videos.find((v) => v.id === video.id)?.views).not.toBe(999);
    // … with B's own tokens, one per video.
    expect(Object.keys(pageA.impressions).sort()).toEqual(pageA.videos.map((v) => v.id).sort());
    expect(pageB.impressions[video.id]).not.toBe(pageA.impressions[video.id]);
    // No device named, signed out: no tokens.
    const anonymous = await t.app.inject({ url: '/api/feed' });
    expect(anonymous.json().impressions).toEqual({});

    clock.advance(10_000);
    const viewsBefore = async () =>
      (
        await t.database.db.execute<{ views: number }>(sql`
        select views from videos where id = ${video.id}`)
      ).rows[0]?.views;
    const start = await viewsBefore();
    // A's token sent by B is not B's.
    await postMetrics(t, { deviceId: b }, watchEvents(video.id, pageA.impressions[video.id]));
    expect(await viewsBefore()).toBe(start);
    await postMetrics(t, { deviceId: b }, watchEvents(video.id, pageB.impressions[video.id]));
    expect(await viewsBefore()).toBe(Number(start) + 1);
  });

  it('writes the first page into /feed without tokens; /api/feed/impressions gives the visitor’s', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const pending = await createVideo(t.database.db, { status: 'pending' });
    const html = (await t.app.inject({ url: '/feed' })).body;
    const found = new RegExp(
      `<script type="application/json" id="${FEED_FIRST_PAGE_ELEMENT_ID}"[^>]*>([^<]*)</script>`,
    ).exec(html);
    const embedded = JSON.parse(found?.[1] ?? 'null') as { impressions: object } | null;
    expect(embedded?.impressions).toEqual({});

    const deviceId = randomUUID();
    const res = await t.app.inject({
      url: `/api/feed/impressions?ids=${video.id},${pending.id}`,
      headers: { 'x-device-id': deviceId },
    });
    expect(res.statusCode).toBe(200);
    // Only live videos get one.
    expect(Object.keys(res.json().impressions)).toEqual([video.id]);
    clock.advance(10_000);
    await postMetrics(t, { deviceId }, watchEvents(video.id, res.json().impressions[video.id]));
    const [row] = await t.database.db
      .select({ views: videos.views })
      .from(videos)
      .where(eq(videos.id, video.id));
    expect(row?.views).toBe(1);

    const bad = await t.app.inject({ url: '/api/feed/impressions?ids=nope' });
    expect(bad.statusCode).toBe(400);
  });
});
