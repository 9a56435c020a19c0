/**
 * `npm run bench:metrics`: metric events accepted per second, sustained for 30 s in
 * batches of 10, and events lost: acknowledged (202) but not counted, checked in the database
 * afterwards. Each batch comes from a new anonymous device: a view, 50 % and 90 % and a click on one
 * video, a view and 50 % on a second, views on three more and a click on the last, so every event
 * must move exactly one counter. Targets: ≥ 5,000 events/s and 0 lost.
 * Every event carries the impression token the feed served its video with, and is checked
 * like a real viewer's (token, allowance, timing, user agent, caps). Before the run each device
 * fetches one feed page as a browser does (GET /api/feed with X-Device-Id; the pages' cursors are
 * walked first, the signed-out micro-cache on as deployed), then the bench waits until the tokens
 * are older than the longest playback a batch claims (90 % of a 29 s video); each device posts from
 * an address of its own (X-Forwarded-For from a trusted loopback proxy) with a browser's user agent,
 * so none of it is filtered: the figure is the cost of counting honest traffic with every check on.
 * PostgreSQL at BENCH_DATABASE_URL (default 127.0.0.1:5432, a throw-away database) or
 * BENCH_DB=pglite; BENCH_SECONDS (default 30), BENCH_CONNECTIONS (default 32), BENCH_VIDEOS (how many
 * live videos the batches spread over, default 100), BENCH_DEVICES (devices served before the run,
 * default 1,000 per second of run: room for 10,000 events/s). BENCH_ASYNC_COMMIT=1 turns
 * synchronous_commit off for the throw-away database, to see what the WAL flush costs (a diagnosis,
 * not the figure). The per-IP request limit is lifted for the run (the per-viewer limit stays).
 * Writes bench/results/metrics.json (keyed by driver) and prints a last line of key=value figures.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import {
  DRIVER,
  machine,
  round,
  saveResult,
  serveChild,
  startBenchServer,
} from './support/bench-server';
import { seedCreatorsAndVideos } from './support/seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BATCH = 10;
const TARGET_EVENTS_PER_SECOND = 5000;
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100);
const DEVICES = Number(process.env.BENCH_DEVICES ?? SECONDS * 1000);
/** Longer than any playback a batch claims: 90 % of the longest seeded video (29 s), plus slack. */
const TOKEN_AGE_MS = 28_000;
const PREFETCH_CONNECTIONS = 32;
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const _here = path.dirname(fileURLToPath(import.meta.url));

/** What each acknowledged batch must add: one counter step per event. */
const PER_BATCH = { views: 5, vt50: 2, vt90: 1, clicks: 2 };

/** A device as a browser left it after one feed page: its id, address and the page's tokens. */
interface Device {
  deviceId: string;
  ip: string;
  tokens: Record<string, string>;
}

function batch(device: Device) {
  const videoIds = Object.keys(device.tokens);
  const picked = new Set<string>();
  while (picked.size < 5) picked.add(videoIds[Math.floor(Math.random() * videoIds.length)] ?? '');
  const [a, b, c, d, e] = [...picked] as [string, string, string, string, string];
  const impression = (videoId: string) => device.tokens[videoId];
  const inc = (videoId: string, metricType: string) => ({
    action: 'increment',
    videoId,
    metricType,
    increment: 1,
    impression: impression(videoId),
  });
  return {
    deviceId: device.deviceId,
    events: [
      inc(a, 'views'),
      inc(a, 'vt50_count'),
      { action: 'watch_time', videoId: a, watchPercentage: 0.9, impression: impression(a) },
      inc(a, 'clicks'),
      inc(b, 'views'),
      inc(b, 'vt50_count'),
      inc(c, 'views'),
      inc(d, 'views'),
      inc(e, 'views'),
      inc(e, 'clicks'),
    ],
  };
}

/** The feed's page cursors (null: the first page), walked once. */
async function pageCursors(url: string): Promise<Array<string | null>> {
  const cursors: Array<string | null> = [null];
  for (;;) {
    const last = cursors.at(-1);
    const query = last ? `?cursor=${encodeURIComponent(last)}` : '';
    const page = (await (await fetch(`${url}/api/feed${query}`)).json()) as {
      nextCursor: string | null;
    };
    if (!page.nextCursor) return cursors;
    cursors.push(page.nextCursor);
  }
}

/** Each device fetches one feed page as a browser does, and keeps its tokens. */
async function serveDevices(url: string): Promise<Device[]> {
  const cursors = await pageCursors(url);
  const devices: Device[] = [];
  let next = 0;
  const worker = async () => {
    while (next < DEVICES) {
      const i = next;
      next += 1;
      const deviceId = randomUUID();
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const cursor = cursors[i % cursors.length];
      const response = await fetch(
        `${url}/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        { headers: { 'x-device-id': deviceId, 'user-agent': BROWSER_UA, 'x-forwarded-for': ip } },
      );
      const page = (await response.json()) as { impressions: Record<string, string> };
      if (Object.keys(page.impressions).length < 5) throw new Error('a feed page without tokens');
      devices.push({ deviceId, ip, tokens: page.impressions });
    }
  };
  await Promise.all(Array.from({ length: PREFETCH_CONNECTIONS }, worker));
  return devices;
}

async function videoIds(handle: DatabaseHandle) {
  const { rows } = await handle.db.execute<{ id: string }>(sql`select id from videos`);
  return rows.map((r) => r.id);
}

/** What the acknowledged devices' windows say, and whether the counters equal all windows. */
async function check(handle: DatabaseHandle, args: unknown) {
  const keys = (args as { deviceIds: string[] }).deviceIds.map((id) => `d:${id}`);
  const { rows } = await handle.db.execute<Record<string, string | number>>(sql`
    with acked as (select unnest(${`{${keys.join(',')}}`}::text[]) as key)
    select
      count(*) filter (where e.counted_at is not null) as views,
      count(*) filter (where e.counted_at is not null and e.reached_50) as vt50,
      count(*) filter (where e.counted_at is not null and e.reached_90) as vt90,
      count(*) filter (where e.clicked_at is not null) as clicks
    from view_events e join acked on acked.key = e.viewer_key`);
  const { rows: totals } = await handle.db.execute<Record<string, string | number>>(sql`
    select
      (select coalesce(sum(views), 0) from videos) as counter_views,
      (select coalesce(sum(vt50_count + vt90_count + clicks), 0) from videos) as counter_other,
      (select count(*) from view_events where counted_at is not null) as event_views,
      (select count(*) filter (where counted_at is not null and reached_50)
        + count(*) filter (where counted_at is not null and reached_90)
        + count(*) filter (where clicked_at is not null) from view_events) as event_other,
      (select count(*) from view_events) as windows,
      (select count(*) from filtered_traffic) as filtered`);
  const n = (value: string | number | undefined) => Number(value ?? 0);
  const row = rows[0] ?? {};
  const total = totals[0] ?? {};
  return {
    views: n(row.views),
    vt50: n(row.vt50),
    vt90: n(row.vt90),
    clicks: n(row.clicks),
    countersMatchEvents:
      n(total.counter_views) === n(total.event_views) &&
      n(total.counter_other) === n(total.event_other),
    windows: n(total.windows),
    filtered: n(total.filtered),
  };
}

async function parent(): Promise<void> {
  const server = await startBenchServer(fileURLToPath(import.meta.url));
  try {
    const servedFrom = performance.now();
    const devices = await serveDevices(server.url);
    const servedSeconds = (performance.now() - servedFrom) / 1000;
    console.log(
      `${devices.length} devices served a feed page in ${round(servedSeconds, 1)} s; waiting until their tokens are ${TOKEN_AGE_MS / 1000} s old`,
    );
    await new Promise((resolve) => setTimeout(resolve, TOKEN_AGE_MS));
    const acknowledged: string[] = [];
    let refused = 0;
    let nextDevice = 0;
    let exhausted = false;
    const run = (duration: number) =>
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/metrics',
            headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
            setupRequest: (request, context) => {
              if (nextDevice >= devices.length) exhausted = true;
              const device = devices[nextDevice % devices.length] as Device;
              nextDevice += 1;
              (context as { deviceId?: string }).deviceId = device.deviceId;
              return {
                ...request,
                headers: { ...request.headers, 'x-forwarded-for': device.ip },
                body: JSON.stringify(batch(device)),
              };
            },
            onResponse: (status, _body, context) => {
              if (status === 202)
                acknowledged.push(String((context as { deviceId?: string }).deviceId));
              else refused += 1;
            },
          },
        ],
      });
    const cpuBefore = await server.call<number>('cpu');
    const result = await run(SECONDS);
    const serverCpuMs = (await server.call<number>('cpu')) - cpuBefore;
    const acked = acknowledged.length;
    const stored = await server.call<{
      views: number;
      vt50: number;
      vt90: number;
      clicks: number;
      countersMatchEvents: boolean;
      windows: number;
      filtered: number;
    }>('check', { deviceIds: acknowledged });
    const lost =
      Math.max(0, PER_BATCH.views * acked - stored.views) +
      Math.max(0, PER_BATCH.vt50 * acked - stored.vt50) +
      Math.max(0, PER_BATCH.vt90 * acked - stored.vt90) +
      Math.max(0, PER_BATCH.clicks * acked - stored.clicks);
    const eventsPerSecond = (acked * BATCH) / SECONDS;
    const summary = {
      benchmark: 'metrics',
      driver: server.driver,
      seconds: SECONDS,
      connections: CONNECTIONS,
      batchSize: BATCH,
      eventsAcknowledged: acked * BATCH,
      eventsPerSecond: round(eventsPerSecond, 0),
      requestsPerSecond: round(result.requests.average, 1),
      serverCpuMsPerRequest: round(serverCpuMs / Math.max(1, result.requests.total), 3),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      refused,
      errors: result.errors,
      timeouts: result.timeouts,
      lost,
      countersMatchEvents: stored.countersMatchEvents,
      windows: stored.windows,
      devicesServed: devices.length,
      devicesServedSeconds: round(servedSeconds, 1),
      devicesExhausted: exhausted,
      /** Events stored as filtered traffic: none of this honest load may be. */
      filtered: stored.filtered,
      targets: { eventsPerSecond: TARGET_EVENTS_PER_SECOND, lost: 0 },
      meetsTargets:
        eventsPerSecond >= TARGET_EVENTS_PER_SECOND &&
        lost === 0 &&
        stored.countersMatchEvents &&
        stored.filtered === 0 &&
        !exhausted,
      ...machine(),
      measuredAt: new Date().toISOString(),
    };
    await saveResult('metrics', server.driver, summary);
    console.log(
      `driver=${server.driver} events_per_s=${summary.eventsPerSecond} requests_per_s=${summary.requestsPerSecond} server_cpu_ms_per_request=${summary.serverCpuMsPerRequest} p99_ms=${summary.p99Ms} acknowledged=${summary.eventsAcknowledged} lost=${lost} refused=${refused} filtered=${stored.filtered} counters_match=${stored.countersMatchEvents} target_events_per_s=${TARGET_EVENTS_PER_SECOND} ok=${summary.meetsTargets}`,
    );
  } finally {
    await server.stop();
  }
}

if (process.argv[2] === 'serve') {
  await serveChild({
    seed: async (handle) => {
      await seedCreatorsAndVideos(handle.db, { creators: 20, videos: VIDEOS, featured: 0 });
      // Counters start from the events: none yet.
      await handle.db.execute(
        sql`update videos set views = 0, vt50_count = 0, vt90_count = 0, clicks = 0, watch_time_avg = 0`,
      );
    },
    rateLimits: { metricsPerIp: 1_000_000_000 },
    // Each device's own address comes in X-Forwarded-For from the bench on loopback; the feed's
    // micro-cache as deployed (the devices' pages are fetched before the measured run).
    env: { TRUST_PROXY: 'loopback', FEED_CACHE_MS: '1000' },
    commands: { videos: videoIds, check },
  });
} else {
  console.log(
    `bench:metrics on ${DRIVER}, ${CONNECTIONS} connections, ${SECONDS} s, batches of ${BATCH}`,
  );
  await parent();
}
