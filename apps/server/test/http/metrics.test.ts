/**
 * POST /api/metrics (SPEC.md §4 watch tracking, §7 track-video-metric; DESIGN.md §3): a view counts
 * once per viewer and video per 24 h, milestones once per counted view, watch_time_avg is the mean
 * furthest fraction, and the counters always equal what the stored windows say.
 */
import { randomUUID } from 'node:crypto';
import { VIEWS_PER_IP_PER_DAY } from '@adreel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos, viewEvents } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { createVideo } from '../support/factories';
import { BROWSER_UA, bearerUserId, withTokens } from '../support/impressions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { rateLimits: { metricsPerViewer: 40, metricsPerIp: 100_000 } });
});
afterAll(async () => {
  await t?.close();
});

type Body = Record<string, unknown>;

/**
 * Posts as a browser that got its videos from the feed would (issue 16): each event with its
 * video's impression token for the viewer (the device id, else the signed-in user), and a
 * browser's user agent.
 */
async function tokened(payload: Body | string, headers: Record<string, string> = {}) {
  if (typeof payload === 'string') return payload;
  const userId = bearerUserId(headers);
  const viewerKey =
    typeof payload.deviceId === 'string' ? `d:${payload.deviceId}` : userId ? `u:${userId}` : null;
  return viewerKey ? withTokens(t.database.db, payload, viewerKey) : payload;
}

async function send(payload: Body | string, headers: Record<string, string> = {}) {
  const body = await tokened(payload, headers);
  return t.app.inject({
    method: 'POST',
    url: '/api/metrics',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const view = (videoId: string) => ({
  action: 'increment',
  videoId,
  metricType: 'views',
  increment: 1,
});
const inc = (videoId: string, metricType: string, increment = 1) => ({
  action: 'increment',
  videoId,
  metricType,
  increment,
});
const progress = (videoId: string, fraction: number) => ({
  action: 'watch_progress',
  videoId,
  fraction,
});

async function counters(videoId: string) {
  const [row] = await t.database.db
    .select({
      views: videos.views,
      vt50: videos.vt50Count,
      vt90: videos.vt90Count,
      clicks: videos.clicks,
      likes: videos.likes,
      shares: videos.shares,
      watch: videos.watchTimeAvg,
    })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row;
}

/** The counters as the stored windows say they must be. */
async function countersFromEvents(videoId: string) {
  const { rows } = await t.database.db.execute<{
    views: number;
    vt50: number;
    vt90: number;
    clicks: number;
    watch: number | null;
  }>(sql`
    select count(*) filter (where counted_at is not null)::int as views,
      count(*) filter (where counted_at is not null and reached_50)::int as vt50,
      count(*) filter (where counted_at is not null and reached_90)::int as vt90,
      count(*) filter (where clicked_at is not null)::int as clicks,
      avg(furthest_fraction::float8) filter (where counted_at is not null) as watch
    from view_events where video_id = ${videoId}`);
  const row = rows[0];
  return { ...row, watch: Number(row?.watch ?? 0) };
}

describe('metrics', () => {
  it('counts a view once per device per 24 h, from sendBeacon’s text/plain as well as JSON', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const deviceId = randomUUID();
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/metrics',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA },
      payload: JSON.stringify(await tokened({ ...view(video.id), deviceId })),
    });
    expect(beacon.statusCode).toBe(202);
    expect(beacon.json()).toEqual({ accepted: 1 });
    const again = await send({ ...view(video.id), deviceId });
    expect(again.statusCode).toBe(202);
    const noType = await t.app.inject({
      method: 'POST',
      url: '/api/metrics',
      headers: { 'user-agent': BROWSER_UA },
      payload: JSON.stringify(await tokened({ ...view(video.id), deviceId })),
    });
    expect(noType.statusCode).toBe(202);
    expect(await counters(video.id)).toMatchObject({ views: 1 });

    // Another device is another viewer.
    await send({ ...view(video.id), deviceId: randomUUID() });
    expect(await counters(video.id)).toMatchObject({ views: 2 });

    // A day later the same device's view counts again, in a new window.
    await t.database.db
      .update(viewEvents)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(viewEvents.viewerKey, `d:${deviceId}`));
    await send({ ...view(video.id), deviceId });
    expect(await counters(video.id)).toMatchObject({ views: 3 });
    expect(await countersFromEvents(video.id)).toMatchObject({ views: 3 });
  });

  it('counts a signed-in viewer by account whatever device they use', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const { user, headers } = await signedInUser(t, 'viewer');
    await send({ ...view(video.id), deviceId: randomUUID() }, headers);
    await send({ ...view(video.id), deviceId: randomUUID() }, headers);
    await send(view(video.id), headers);
    expect(await counters(video.id)).toMatchObject({ views: 1 });
    const [row] = await t.database.db
      .select()
      .from(viewEvents)
      .where(eq(viewEvents.videoId, video.id));
    expect(row).toMatchObject({ viewerKey: `u:${user.id}`, userId: user.id });
  });

  it('counts 50 % and 90 % once per counted view, and averages the furthest fraction', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const a = randomUUID();
    const b = randomUUID();
    const c = randomUUID();
    // a: the whole journey, milestones sent twice (increment and watch_time), then left at 95 %.
    await send({
      deviceId: a,
      events: [
        view(video.id),
        inc(video.id, 'vt50_count'),
        { action: 'watch_time', videoId: video.id, watchPercentage: 0.5 },
        inc(video.id, 'vt90_count'),
        { action: 'watch_time', videoId: video.id, watchPercentage: 0.9 },
        progress(video.id, 0.95),
      ],
    });
    await send({ deviceId: a, events: [inc(video.id, 'vt90_count'), progress(video.id, 0.4)] });
    // b: reached half of a short clip before the 3 s view, which counts it with its milestone.
    await send({ deviceId: b, events: [inc(video.id, 'vt50_count')] });
    expect(await counters(video.id)).toMatchObject({ views: 1, vt50: 1, vt90: 1 });
    await send({ deviceId: b, events: [view(video.id), progress(video.id, 0.6)] });
    // c: scrolled away after 2 s, never a view: its fraction is not averaged.
    await send({ deviceId: c, events: [progress(video.id, 0.1)] });

    const stored = await counters(video.id);
    expect(stored).toMatchObject({ views: 2, vt50: 2, vt90: 1 });
    expect(stored?.watch).toBeCloseTo((0.95 + 0.6) / 2, 5);
    const derived = await countersFromEvents(video.id);
    expect(derived).toMatchObject({ views: 2, vt50: 2, vt90: 1, clicks: 0 });
    expect(stored?.watch).toBeCloseTo(derived.watch, 5);
  });

  it('counts a click once per viewer per window, and no one can add likes or shares here', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const deviceId = randomUUID();
    const res = await send({
      deviceId,
      events: [
        inc(video.id, 'clicks'),
        inc(video.id, 'clicks'),
        inc(video.id, 'likes'),
        inc(video.id, 'likes'),
        inc(video.id, 'shares'),
        inc(video.id, 'likes', -1),
        inc(video.id, 'views', -1),
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 7 });
    expect(await counters(video.id)).toMatchObject({
      clicks: 1,
      likes: 0,
      shares: 0,
      views: 0,
    });
  });

  it('keeps every counter equal to the stored windows under concurrent random traffic', async () => {
    const db = t.database.db;
    const made = await Promise.all([1, 2, 3].map(() => createVideo(db, { status: 'approved' })));
    const ids = made.map((v) => v.id);
    const devices = Array.from({ length: 8 }, () => randomUUID());
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const makers = [
      (id: string) => view(id),
      (id: string) => inc(id, 'vt50_count'),
      (id: string) => inc(id, 'vt90_count'),
      (id: string) => inc(id, 'clicks'),
      (id: string) => progress(id, Math.round(random() * 100) / 100),
      (id: string) => ({ action: 'watch_time', videoId: id, watchPercentage: 0.5 }),
    ];
    const requests = Array.from({ length: 30 }, () => ({
      deviceId: pick(devices),
      events: Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(makers)(pick(ids))),
    }));
    const answers = await Promise.all(requests.map((body) => send(body)));
    expect(answers.map((r) => r.statusCode)).toEqual(requests.map(() => 202));
    for (const id of ids) {
      const stored = await counters(id);
      const derived = await countersFromEvents(id);
      expect(stored).toMatchObject({
        views: derived.views,
        vt50: derived.vt50,
        vt90: derived.vt90,
        clicks: derived.clicks,
      });
      expect(stored?.watch).toBeCloseTo(derived.watch, 5);
      // One window per device and video at most: 24 h have not passed.
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from view_events where video_id = ${id} group by viewer_key having count(*) > 1`,
      );
      expect(rows).toEqual([]);
    }
  });

  it('answers bad input with a clear 400 and unknown videos with 404', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const deviceId = randomUUID();
    const cases: Array<[Body | string, string]> = [
      [{ ...inc(video.id, 'hearts'), deviceId }, 'Unknown metric type'],
      [{ action: 'dance', videoId: video.id, deviceId }, 'Unknown metric action'],
      [{ ...inc(video.id, 'views', 2), deviceId }, 'Increment must be 1 or -1'],
      [
        { action: 'watch_time', videoId: video.id, watchPercentage: 0.7, deviceId },
        'Watch percentage must be 0.5 or 0.9',
      ],
      [{ ...view('nope'), deviceId }, 'Invalid video ID'],
      [{ ...view(video.id), deviceId: 'abc' }, 'Invalid device ID'],
      [view(video.id), 'A device ID is required when not signed in'],
      [{ deviceId, events: [] }, 'A batch needs at least one event'],
      [
        { deviceId, events: Array.from({ length: 51 }, () => view(video.id)) },
        'A batch holds at most 50 events',
      ],
      [
        { deviceId, events: [view(video.id), inc(video.id, 'hearts')] },
        'Event 2: Unknown metric type',
      ],
      ['{not json', 'Request body is not valid JSON'],
      ['[1,2]', 'A metric event must be a JSON object'],
    ];
    for (const [payload, message] of cases) {
      const res = await send(payload);
      expect({ status: res.statusCode, message: res.json().error?.message }).toEqual({
        status: 400,
        message,
      });
    }
    const pending = await createVideo(t.database.db, { status: 'pending' });
    for (const id of [randomUUID(), pending.id]) {
      const res = await send({ ...view(id), deviceId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Video not found');
    }
    // A batch counts its live videos' events and leaves out the rest.
    const mixed = await send({ deviceId, events: [view(video.id), view(pending.id)] });
    expect(mixed.statusCode).toBe(202);
    expect(mixed.json()).toEqual({ accepted: 1 });
    expect(await counters(video.id)).toMatchObject({ views: 1 });
    expect(await counters(pending.id)).toMatchObject({ views: 0 });
  });

  it('limits how many requests one viewer may send', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const deviceId = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 42; i += 1)
      statuses.push((await send({ ...progress(video.id, 0.1), deviceId })).statusCode);
    expect(statuses.slice(0, 40).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429]);
    // Another viewer is not held back.
    expect((await send({ ...view(video.id), deviceId: randomUUID() })).statusCode).toBe(202);
  });
});

describe('metrics per IP', () => {
  it('bounds what one address can send, whatever device ids it makes up', async () => {
    const limited = await createTestApp({}, { rateLimits: { metricsPerIp: 5 } });
    try {
      const video = await createVideo(limited.database.db, { status: 'approved' });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const deviceId = randomUUID();
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/metrics',
          headers: { 'user-agent': BROWSER_UA },
          payload: await withTokens(
            limited.database.db,
            { ...view(video.id), deviceId },
            `d:${deviceId}`,
          ),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
      const [row] = await limited.database.db
        .select({ views: videos.views })
        .from(videos)
        .where(eq(videos.id, video.id));
      // And of the five it let through, the per-address cap counts VIEWS_PER_IP_PER_DAY (issue 16).
      expect(row?.views).toBe(VIEWS_PER_IP_PER_DAY);
    } finally {
      await limited.close();
    }
  });
});
