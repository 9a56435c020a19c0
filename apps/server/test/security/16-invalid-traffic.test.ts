/**
 * Issue 16: general invalid traffic is recognised and kept apart, never silently dropped. A metric
 * event counts only with the impression token the feed served its video with to that viewer, from
 * a browser (not a known bot, crawler or headless browser), within the token's allowance and no
 * sooner than the playback it claims. Each refusal is stored in filtered_traffic with its reason.
 */
import { randomUUID } from 'node:crypto';
import { IMPRESSION_TOKEN_MAX_USES, IMPRESSION_TOKEN_TTL_MINUTES } from '@adreel/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { type TestClock, testClock } from '../support/clock';
import { createVideo } from '../support/factories';
import {
  type Client,
  countingTestApp,
  HEADLESS_UA,
  postMetrics,
  servedTokens,
  videoCounters,
  watchEvents,
} from '../support/impressions';

let t: TestApp;
let clock: TestClock;
let address = 0;
/** A viewer of its own on an address of its own: the per-address cap is not what these test. */
function newClient(extra: Partial<Client> = {}): Client {
  address += 1;
  return { deviceId: randomUUID(), ip: `192.0.2.${address}`, ...extra };
}

beforeAll(async () => {
  clock = testClock();
  t = await countingTestApp(clock);
});
afterAll(() => t?.close());

const counters = (videoId: string) => videoCounters(t, videoId);

async function filtered(videoId: string): Promise<Array<{ metric: string; reason: string }>> {
  const { rows } = await t.database.db.execute<{ metric: string; reason: string }>(sql`
    select metric, reason from filtered_traffic where video_id = ${videoId}
    order by created_at, metric`);
  return rows.map((row) => ({ metric: row.metric, reason: row.reason }));
}

/** A client served the video, watching for `watchMs` before it reports. */
async function served(videoId: string, client = newClient(), watchMs = 10_000) {
  const tokens = await servedTokens(t, client, [videoId]);
  clock.advance(watchMs);
  return { client, token: tokens[videoId] as string };
}

describe('what a feed did not serve', () => {
  it('a script posting events without tokens adds nothing, stored as missing_token', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const res = await postMetrics(
      t,
      newClient(),
      watchEvents(video.id, undefined, { click: true }),
    );
    expect(res.statusCode).toBe(202);
    expect(await counters(video.id)).toMatchObject({ views: 0, clicks: 0 });
    expect(await filtered(video.id)).toEqual([
      { metric: 'clicks', reason: 'missing_token' },
      { metric: 'views', reason: 'missing_token' },
    ]);
  });

  it('a forged token, another device’s, another video’s or an expired one: invalid_token', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const other = await createVideo(t.database.db, { status: 'approved' });
    const { client, token } = await served(video.id);
    const otherToken = (await servedTokens(t, client, [other.id]))[other.id];
    clock.advance(10_000);
    const attempts: Array<[Client, string | undefined]> = [
      [client, 'lz0abc.AAAAAAAAAAAAAAAAAAAAAA'],
      [client, `${token.slice(0, -2)}AA`],
      [client, 'not a token'],
      // The same token, sent with another device id (a replay with a changed device).
      [newClient(), token],
      // A token of another video.
      [client, otherToken],
    ];
    for (const [who, impression] of attempts)
      expect((await postMetrics(t, who, watchEvents(video.id, impression))).statusCode).toBe(202);
    expect(await counters(video.id)).toMatchObject({ views: 0 });
    expect((await filtered(video.id)).map((row) => row.reason)).toEqual(
      attempts.map(() => 'invalid_token'),
    );

    // Past its lifetime the right token is refused too; a fresh one counts.
    clock.advance(IMPRESSION_TOKEN_TTL_MINUTES * 60_000);
    await postMetrics(t, client, watchEvents(video.id, token));
    expect(await counters(video.id)).toMatchObject({ views: 0 });
    expect((await filtered(video.id)).at(-1)?.reason).toBe('invalid_token');
    const fresh = await served(video.id, client);
    await postMetrics(t, client, watchEvents(video.id, fresh.token));
    expect(await counters(video.id)).toMatchObject({ views: 1 });
  });

  it('replaying the browser’s own request 50 times with changed device ids adds nothing', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    // Watched a whole minute: time enough for 95 % of any video.
    const { client, token } = await served(video.id, newClient(), 60_000);
    const events = watchEvents(video.id, token, { furthest: 0.95, click: true });
    expect((await postMetrics(t, client, events)).statusCode).toBe(202);
    expect(await counters(video.id)).toMatchObject({ views: 1, clicks: 1 });
    for (let i = 0; i < 50; i += 1)
      await postMetrics(t, { ...client, deviceId: randomUUID() }, events);
    expect(await counters(video.id)).toMatchObject({ views: 1, clicks: 1 });
    const rows = await filtered(video.id);
    expect(rows.filter((row) => row.metric === 'views')).toHaveLength(50);
    expect(new Set(rows.map((row) => row.reason))).toEqual(new Set(['invalid_token']));
  });

  it('a token used past its allowance is a replay: token_overused', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const { client, token } = await served(video.id);
    const progress = (fraction: number) => ({
      action: 'watch_progress',
      videoId: video.id,
      fraction,
      impression: token,
    });
    // The allowance in progress reports, then a view on the same token.
    const batch = Array.from({ length: IMPRESSION_TOKEN_MAX_USES }, (_, i) => progress(i / 100));
    await postMetrics(t, client, batch);
    await postMetrics(t, client, watchEvents(video.id, token));
    expect(await counters(video.id)).toMatchObject({ views: 0 });
    expect(await filtered(video.id)).toEqual([{ metric: 'views', reason: 'token_overused' }]);
  });
});

describe('what no browser did', () => {
  it('a headless browser, a known bot or no user agent at all gets no view: bot_user_agent', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const agents = [
      HEADLESS_UA,
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      '',
    ];
    for (const userAgent of agents) {
      const { client, token } = await served(video.id, newClient({ userAgent }));
      expect((await postMetrics(t, client, watchEvents(video.id, token))).statusCode).toBe(202);
    }
    expect(await counters(video.id)).toMatchObject({ views: 0 });
    expect((await filtered(video.id)).map((row) => row.reason)).toEqual(
      agents.map(() => 'bot_user_agent'),
    );
  });

  it('claiming more playback than time has passed since the token was served: impossible_timing', async () => {
    const video = await createVideo(t.database.db, { status: 'approved', durationSec: 20 });
    // A view claims 3 s of playback: one second after the feed served it, it cannot be.
    const early = await served(video.id, newClient(), 1_000);
    await postMetrics(t, early.client, watchEvents(video.id, early.token));
    // 90 % of a 20 s video after 10 s cannot be either.
    const fast = await served(video.id, newClient(), 10_000);
    await postMetrics(
      t,
      fast.client,
      watchEvents(video.id, fast.token, { view: false, furthest: 0.9 }),
    );
    expect(await counters(video.id)).toMatchObject({ views: 0, vt90: 0 });
    expect((await filtered(video.id)).map((row) => row.reason)).toEqual([
      'impossible_timing',
      'impossible_timing',
    ]);
    // Honest timing counts: the view after 4 s, 90 % once 18 s have passed.
    const honest = await served(video.id, newClient(), 4_000);
    await postMetrics(t, honest.client, watchEvents(video.id, honest.token));
    clock.advance(15_000);
    await postMetrics(
      t,
      honest.client,
      watchEvents(video.id, honest.token, { view: false, furthest: 0.9 }),
    );
    expect(await counters(video.id)).toMatchObject({ views: 1, vt90: 1 });
  });
});

describe('a real viewer', () => {
  it('counts signed out, and signed in by fetch (Bearer) or by sendBeacon (device id only)', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const signedOut = await served(video.id);
    await postMetrics(t, signedOut.client, watchEvents(video.id, signedOut.token));
    expect(await counters(video.id)).toMatchObject({ views: 1 });

    // Signed in, the feed binds the token to the device id the client sends beside its Bearer
    // token, so the page's last batch, sent by beacon without the Bearer token, still counts.
    const { headers } = await signedInUser(t, 'viewer');
    const device = newClient();
    const tokens = await servedTokens(t, { ...device, headers }, [video.id]);
    clock.advance(10_000);
    await postMetrics(t, { ...device, headers }, watchEvents(video.id, tokens[video.id]));
    expect(await counters(video.id)).toMatchObject({ views: 2 });
    const beacon = await served(video.id, newClient({ headers }));
    await postMetrics(
      t,
      { ...beacon.client, headers: {} },
      watchEvents(video.id, beacon.token, { view: false, click: true }),
    );
    expect(await counters(video.id)).toMatchObject({ views: 2, clicks: 1 });
    expect(await filtered(video.id)).toEqual([]);
  });
});
