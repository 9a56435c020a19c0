/**
 * `npm run bench:soak`: mixed traffic at a fixed rate for BENCH_SECONDS (default
 * 600) on a PostgreSQL server, the feed's micro-cache as deployed (FEED_CACHE_MS 1000), while for a
 * window of the run a real upload is transcoding in the server process's video worker.
 *
 * The mix, per second (open loop: each request has an intended send time on a fixed schedule, and
 * its latency is measured from that time, so a slow server cannot slow the generator down and hide
 * its queue; no coordinated omission):
 *   feed 300: signed out first page 200, signed out deeper pages (2–5, by the cursors of a walk
 *             made before the run) 40, signed in 60 (45 first page, 15 deeper; Bearer tokens of
 *             seeded viewers, never cached)
 *   metrics 40 batches of 10 events (POST /api/metrics, each from a new anonymous device)
 *   sign-in 2 (POST /api/auth/signin, round robin over 200 seeded viewers; the tokens they answer
 *             with replace the signed-in feed's)
 *   leaderboards 10 (5 /api/leaderboard/videos, 5 /api/leaderboard/creators)
 * BENCH_FEED_RPS scales the whole mix (default 300 feed requests/s).
 *
 * Everything comes from 127.0.0.1, which here stands for many people: the per-IP sign-in and
 * metrics limits are raised for the run (RATE_LIMITS, as the server's setting of that name would;
 * printed in the output). Per account the defaults stay: each viewer signs in 2×600/200 = 6 times
 * in 10 minutes, under the 10 per 15 minutes limit. So no 429 is expected, and any is an error.
 *
 * Transcoding: from 40 % of the run, a creator uploads a 30 s 1080×1920 clip through tus (POST,
 * then one PATCH), the worker transcodes it (ffmpeg, as for any upload), and the next upload starts
 * when it is done, until the window has lasted BENCH_TRANSCODE_SECONDS (default 90, at most a
 * quarter of the run; at least one clip). The feed's p99 inside that window is reported on its own.
 *
 * Memory (growth = RSS end vs start): start and end are each sampled right after a full collection
 * (V8's last-resort GC, in the server process started with --expose-gc), under the full load: 3 s
 * before the run's end, and 3 s before the warm-up's end or once the warm-up's clip is done if that
 * is later. A collection frees only garbage, so a leak still shows (objects, buffers or native
 * memory kept alive, memory malloc keeps). Why (docs/decisions/019):
 *   - Without the collection the figure measured where V8's heap was in its cycle, not growth: the
 *     server keeps about 55 MB of live heap under this load, but V8 lets the heap grow to about 4×
 *     that before a major collection and settles its sizing only after minutes, so single samples
 *     of RSS ranged 158–409 MB in one 10-minute run. With a collection before every 5 s sample,
 *     heapUsed stayed 53–57 MB over 240 s with four clips transcoded: no leak in the heap.
 *   - The warm-up (60 s) uploads and transcodes one clip: the first upload raises the process's
 *     native memory by a one-off 30–50 MB that later uploads do not add to (flat over 9 more clips
 *     and the 270 s after them), so a start sampled before any upload measured that step, once.
 * The RSS every 5 s (no collection first) is kept in the results with its min and max.
 * Writes bench/results/soak.json and prints a last line of key=value figures.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/modules/auth/auth.passwords';
import { ffmpegPath } from '../apps/server/src/platform/media/ffmpeg';
import type { RateLimitOverrides } from '../apps/server/src/platform/rate-limit';
import {
  DRIVER,
  machine,
  percentile,
  round,
  serveChild,
  startBenchServer,
} from './support/bench-server';
import { seedCreatorsAndVideos } from './support/seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? Math.min(60, SECONDS / 5));
const FEED_RPS = Number(process.env.BENCH_FEED_RPS ?? 300);
const TRANSCODE_SECONDS = Math.min(Number(process.env.BENCH_TRANSCODE_SECONDS ?? 90), SECONDS / 4);
const TRANSCODE_FROM = 0.4;
const VIEWERS = 200;
const PASSWORD = 'bench-soak-password-1';
const CREATOR_EMAIL = 'bench_uploader@example.test';
const MEMORY_EVERY_MS = 5000;
const REQUEST_TIMEOUT_MS = 10_000;
const CLIP_SECONDS = 30;
/** The start and end samples are taken this long before the warm-up's end and the run's end. */
const ENDPOINT_BEFORE_MS = 3000;
/**
 * BENCH_GC_EACH_SAMPLE=1 (diagnosis): every 5 s sample also follows a full collection, so its
 * heapUsed is what the heap keeps over the run. The pauses cost latency: not for the targets.
 */
const GC_EACH_SAMPLE = process.env.BENCH_GC_EACH_SAMPLE === '1';

const TARGETS = { errorRate: 0.001, memoryGrowth: 0.1, feedP99Ms: 100, feedRps: 300 };

/** Raised per-IP limits: all the load comes from one address standing for many people. */
const RATE_LIMITS: RateLimitOverrides = {
  signInPerIp: 1_000_000,
  metricsPerIp: 1_000_000_000,
};

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

const scale = FEED_RPS / 300;
/** Requests per second of each kind of request (the mix above). */
const MIX = {
  'feed signed out, first page': 200 * scale,
  'feed signed out, deeper page': 40 * scale,
  'feed signed in, first page': 45 * scale,
  'feed signed in, deeper page': 15 * scale,
  'metrics batch': 40 * scale,
  'sign-in': 2 * scale,
  'leaderboard videos': 5 * scale,
  'leaderboard creators': 5 * scale,
} as const;
type Kind = keyof typeof MIX;
const FEED_KINDS: Kind[] = [
  'feed signed out, first page',
  'feed signed out, deeper page',
  'feed signed in, first page',
  'feed signed in, deeper page',
];

interface Sample {
  /** Intended send time, ms since the measured run began (negative in the warm-up). */
  at: number;
  latencyMs: number;
  status: number;
}

/** What the bench server's `memory` command answers (bytes). */
interface ServerMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  rssAnon?: number;
  rssFile?: number;
  /** How long the full collection before the sample took; null when none was asked for. */
  gcMs: number | null;
}

interface MemorySample {
  atS: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  rssAnonMb: number;
  rssFileMb: number;
  /** The full collection before this sample (ms), or null: sampled wherever V8's heap was. */
  gcMs: number | null;
  load1: number;
}

interface Outgoing {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sign-in: which viewer, whose token the answer replaces. */
  viewer?: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request; resolves with its status (0: no answer) and body when asked for. */
function send(
  base: URL,
  request: Outgoing,
  wantBody = false,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: {
          ...(request.body ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        if (wantBody) res.on('data', (chunk: Buffer) => chunks.push(chunk));
        else res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(request.body);
  });
}

function metricsBatch(videoIds: string[]) {
  const pick = () => videoIds[Math.floor(Math.random() * videoIds.length)] ?? '';
  const [a, b, c] = [pick(), pick(), pick()];
  const inc = (videoId: string, metricType: string) => ({
    action: 'increment',
    videoId,
    metricType,
    increment: 1,
  });
  return JSON.stringify({
    deviceId: randomUUID(),
    events: [
      inc(a, 'views'),
      inc(a, 'vt50_count'),
      { action: 'watch_time', videoId: a, watchPercentage: 0.9 },
      inc(a, 'clicks'),
      { action: 'watch_progress', videoId: a, fraction: 0.95 },
      inc(b, 'views'),
      { action: 'watch_time', videoId: b, watchPercentage: 0.5 },
      { action: 'watch_progress', videoId: b, fraction: 0.6 },
      inc(c, 'views'),
      { action: 'watch_progress', videoId: c, fraction: 0.2 },
    ],
  });
}

interface Stats {
  count: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

function stats(samples: Sample[]): Stats {
  const sorted = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
  return {
    count: samples.length,
    errors: samples.filter((s) => s.status < 200 || s.status >= 300).length,
    p50Ms: round(percentile(sorted, 50), 1),
    p95Ms: round(percentile(sorted, 95), 1),
    p99Ms: round(percentile(sorted, 99), 1),
    maxMs: round(sorted.at(-1) ?? 0, 1),
  };
}

/** A 30 s 1080×1920 clip with sound, as a phone would record (made before the run). */
async function makeClip(dir: string): Promise<string> {
  const file = path.join(dir, 'clip.mp4');
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1080x1920:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(CLIP_SECONDS),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

/** Through tus as the web app's client does (creation, then the bytes in one PATCH). */
async function uploadClip(baseUrl: string, token: string, bytes: Buffer, n: number) {
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
  const meta = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
  const created = await fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': meta({
        title: `Soak upload ${n}`,
        filename: 'clip.mp4',
        filetype: 'video/mp4',
      }),
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location)
    throw new Error(`upload creation answered ${created.status}: ${await created.text()}`);
  const patched = await fetch(new URL(location, baseUrl), {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  const text = await patched.text();
  if (patched.status !== 201) throw new Error(`upload PATCH answered ${patched.status}: ${text}`);
  return (JSON.parse(text) as { video: { id: string } }).video.id;
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { session?: { access_token: string } };
  if (response.status !== 200 || !body.session)
    throw new Error(`sign-in of ${email} answered ${response.status}`);
  return body.session.access_token;
}

async function parent(): Promise<void> {
  const loadBefore = loadavg();
  const server = await startBenchServer(fileURLToPath(import.meta.url), {
    exposeGc: true,
  });
  const work = await mkdtemp(path.join(tmpdir(), 'adreel-bench-soak-'));
  try {
    const base = new URL(server.url);
    const videoIds = await server.call<string[]>('videos');
    const clip = readFileSync(await makeClip(work));

    // Tokens of every viewer (each signs in once here; 6 more times in a 10-minute run).
    const viewerEmails = Array.from(
      { length: VIEWERS },
      (_, i) => `bench_viewer_${i}@example.test`,
    );
    const tokens: string[] = [];
    for (let i = 0; i < VIEWERS; i += 8) {
      tokens.push(
        ...(await Promise.all(viewerEmails.slice(i, i + 8).map((e) => signIn(server.url, e)))),
      );
    }
    const creatorToken = await signIn(server.url, CREATOR_EMAIL);

    // Cursors of pages 2–5, from a walk before the run (signed out).
    const cursors: string[] = [];
    let cursor: string | null = null;
    for (let page = 1; page < 5; page += 1) {
      const q = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const response = await fetch(`${server.url}/api/feed${q}`);
      const body = (await response.json()) as { videos: unknown[]; nextCursor: string | null };
      if (response.status !== 200 || body.videos.length !== 20 || !body.nextCursor)
        throw new Error(`feed page ${page} answered ${response.status}`);
      cursor = body.nextCursor;
      cursors.push(cursor);
    }

    let n = 0;
    const pick = <T>(list: T[]) => list[n++ % list.length] as T;
    const auth = () => ({ authorization: `Bearer ${pick(tokens)}` });
    const deeper = () => `/api/feed?cursor=${encodeURIComponent(pick(cursors))}`;
    let signIns = 0;
    const build: Record<Kind, () => Outgoing> = {
      'feed signed out, first page': () => ({ method: 'GET', path: '/api/feed' }),
      'feed signed out, deeper page': () => ({ method: 'GET', path: deeper() }),
      'feed signed in, first page': () => ({ method: 'GET', path: '/api/feed', headers: auth() }),
      'feed signed in, deeper page': () => ({ method: 'GET', path: deeper(), headers: auth() }),
      'metrics batch': () => ({
        method: 'POST',
        path: '/api/metrics',
        body: metricsBatch(videoIds),
      }),
      'sign-in': () => {
        const viewer = signIns++ % VIEWERS;
        return {
          method: 'POST',
          path: '/api/auth/signin',
          body: JSON.stringify({ email: viewerEmails[viewer], password: PASSWORD }),
          viewer,
        };
      },
      'leaderboard videos': () => ({ method: 'GET', path: '/api/leaderboard/videos' }),
      'leaderboard creators': () => ({ method: 'GET', path: '/api/leaderboard/creators' }),
    };

    const samples = new Map<Kind, Sample[]>((Object.keys(MIX) as Kind[]).map((kind) => [kind, []]));
    const statuses: Record<string, number> = {};
    let inFlight = 0;
    let maxInFlight = 0;
    const startedAt = performance.now() + WARMUP_SECONDS * 1000;
    const endsAt = startedAt + SECONDS * 1000;
    const next = new Map<Kind, number>(
      (Object.keys(MIX) as Kind[]).map((kind) => [
        kind,
        startedAt - WARMUP_SECONDS * 1000 + Math.random() * (1000 / MIX[kind]),
      ]),
    );

    const fire = (kind: Kind, intended: number) => {
      const request = build[kind]();
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const isSignIn = kind === 'sign-in';
      void send(base, request, isSignIn).then(({ status, body }) => {
        inFlight -= 1;
        const done = performance.now();
        if (intended < startedAt) return; // warm-up
        samples.get(kind)?.push({ at: intended - startedAt, latencyMs: done - intended, status });
        const key = `${kind} ${status}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (isSignIn && status === 200) {
          const token = (JSON.parse(body) as { session?: { access_token: string } }).session
            ?.access_token;
          if (token && request.viewer !== undefined) tokens[request.viewer] = token;
        }
      });
    };

    // The schedule: every kind at its own fixed interval, checked every millisecond.
    const schedule = new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        for (const kind of Object.keys(MIX) as Kind[]) {
          let due = next.get(kind) ?? now;
          while (due <= now && due < endsAt) {
            fire(kind, due);
            due += 1000 / MIX[kind];
          }
          next.set(kind, due);
        }
        if (now >= endsAt) resolve();
        else setTimeout(tick, 1);
      };
      tick();
    });

    // Memory over the run.
    const memory: MemorySample[] = [];
    const sampleMemory = async (gc = GC_EACH_SAMPLE): Promise<MemorySample> => {
      const m = await server.call<ServerMemory>('memory', { gc });
      const mb = (bytes: number | undefined) => round((bytes ?? 0) / 2 ** 20, 1);
      return {
        atS: round((performance.now() - startedAt) / 1000, 1),
        rssMb: mb(m.rss),
        heapUsedMb: mb(m.heapUsed),
        heapTotalMb: mb(m.heapTotal),
        externalMb: mb(m.external),
        arrayBuffersMb: mb(m.arrayBuffers),
        rssAnonMb: mb(m.rssAnon),
        rssFileMb: mb(m.rssFile),
        gcMs: m.gcMs === null ? null : round(m.gcMs, 1),
        // The machine's 1-minute load average: other work on the shared cores shows here.
        load1: round(loadavg()[0] ?? 0, 2),
      };
    };
    // Start and end: after a full collection each, under the full load (see the doc comment).
    const atEndpoint = async (at: number) => {
      await new Promise((r) =>
        setTimeout(r, Math.max(0, at - ENDPOINT_BEFORE_MS - performance.now())),
      );
      return sampleMemory(true);
    };
    const memoryEnd = atEndpoint(endsAt);
    const memoryDuringRun = (async () => {
      await new Promise((r) => setTimeout(r, Math.max(0, startedAt - performance.now())));
      while (performance.now() < endsAt) {
        memory.push(await sampleMemory());
        await new Promise((r) =>
          setTimeout(r, Math.min(MEMORY_EVERY_MS, Math.max(0, endsAt - performance.now()))),
        );
      }
      memory.push(await sampleMemory());
    })();

    /** One clip uploaded and transcoded; times in s since the measured run began. */
    const transcodeOne = async (n: number) => {
      const uploadedFrom = performance.now();
      const videoId = await uploadClip(server.url, creatorToken, clip, n);
      // Processing starts when the worker claims the job, within its poll; the window counts
      // from the upload's answer until the video has left 'processing'.
      const fromS = (performance.now() - startedAt) / 1000;
      let status = 'processing';
      while (status === 'processing') {
        await new Promise((r) => setTimeout(r, 250));
        status = await server.call<string>('videoStatus', { id: videoId });
      }
      const done = {
        videoId,
        fromS: round(fromS, 1),
        toS: round((performance.now() - startedAt) / 1000, 1),
        status,
      };
      if (status !== 'pending') throw new Error(`upload ${n} ended ${status}`);
      if (performance.now() - uploadedFrom < 1000) throw new Error('transcoding was too quick');
      return done;
    };

    // The warm-up's clip: from the warm-up's start, so that every kind of work of the run has been
    // done once before the start sample (see the doc comment).
    const warmupClip = (async () => {
      await new Promise((r) =>
        setTimeout(r, Math.max(0, startedAt - WARMUP_SECONDS * 1000 - performance.now())),
      );
      return transcodeOne(0);
    })().catch((error: unknown) => ({ error: String(error) }));
    // Start: once the warm-up's clip is done, and not before the warm-up's last 3 s.
    const memoryStart = warmupClip.then(() => atEndpoint(startedAt));

    // The transcoding window.
    const transcodes: Array<{ videoId: string; fromS: number; toS: number; status: string }> = [];
    let transcodeError: string | null = null;
    const transcoding = (async () => {
      const from = startedAt + SECONDS * 1000 * TRANSCODE_FROM;
      await new Promise((r) => setTimeout(r, Math.max(0, from - performance.now())));
      const windowStart = performance.now();
      let clips = 0;
      while (clips === 0 || performance.now() - windowStart < TRANSCODE_SECONDS * 1000) {
        if (performance.now() > endsAt - 1000) break;
        clips += 1;
        transcodes.push(await transcodeOne(clips));
      }
    })().catch((error: unknown) => {
      // Reported (and the transcoding target fails) rather than losing the run's other figures.
      transcodeError = String(error);
    });

    const [start, end, warmupTranscode] = await Promise.all([
      memoryStart,
      memoryEnd,
      warmupClip,
      schedule,
      memoryDuringRun,
      transcoding,
    ]);
    // Let the last requests finish (they count, however late).
    const drainUntil = performance.now() + REQUEST_TIMEOUT_MS + 1000;
    while (inFlight > 0 && performance.now() < drainUntil)
      await new Promise((r) => setTimeout(r, 20));
    const loadAfter = loadavg();

    const byKind = Object.fromEntries(
      (Object.keys(MIX) as Kind[]).map((kind) => [
        kind,
        { ratePerS: round(MIX[kind], 1), ...stats(samples.get(kind) ?? []) },
      ]),
    );
    const all = [...samples.values()].flat();
    const feed = FEED_KINDS.flatMap((kind) => samples.get(kind) ?? []);
    const signedIn = [
      ...(samples.get('feed signed in, first page') ?? []),
      ...(samples.get('feed signed in, deeper page') ?? []),
    ];
    const signedOut = [
      ...(samples.get('feed signed out, first page') ?? []),
      ...(samples.get('feed signed out, deeper page') ?? []),
    ];
    const inWindow = (s: Sample) =>
      transcodes.some((t) => s.at >= t.fromS * 1000 && s.at <= t.toS * 1000);
    const feedWhileTranscoding = stats(feed.filter(inWindow));
    const transcodeSeconds = transcodes.reduce((sum, t) => sum + (t.toS - t.fromS), 0);

    const total = stats(all);
    const errorRate = total.errors / Math.max(1, total.count);
    const rssStart = start.rssMb;
    const rssEnd = end.rssMb;
    const memoryGrowth = (rssEnd - rssStart) / Math.max(1, rssStart);
    const sampledRss = memory.map((m) => m.rssMb);
    const feedStats = stats(feed);
    const feedRps = feed.length / SECONDS;
    const ok = {
      errors: errorRate < TARGETS.errorRate,
      memory: memoryGrowth < TARGETS.memoryGrowth && !('error' in warmupTranscode),
      feedP99: feedStats.p99Ms <= TARGETS.feedP99Ms && feedRps >= TARGETS.feedRps * 0.99,
      feedP99WhileTranscoding:
        transcodeError === null &&
        feedWhileTranscoding.count > 0 &&
        feedWhileTranscoding.p99Ms <= TARGETS.feedP99Ms,
    };
    const result = {
      benchmark: 'soak',
      driver: server.driver,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      feedCacheMs: 1000,
      mix: Object.fromEntries(Object.entries(MIX).map(([k, v]) => [k, round(v, 1)])),
      totalRatePerS: round(
        Object.values(MIX).reduce((a, b) => a + b, 0),
        1,
      ),
      how: 'Open loop: each kind of request on its own fixed schedule; latency from the intended send time (no coordinated omission). Signed-in feed requests carry a Bearer token and are never cached; signed-out ones come from the 1 s micro-cache as deployed.',
      rateLimitsRaised: RATE_LIMITS,
      rateLimitsWhy:
        'All load comes from 127.0.0.1, which stands for many people here: the per-IP sign-in and metrics limits are raised (RATE_LIMITS); per-account and per-viewer limits stay at their defaults (200 viewers sign in round robin, 6 times each in 10 minutes).',
      requests: total.count,
      errors: total.errors,
      errorRate: round(errorRate, 5),
      statuses,
      maxInFlight,
      routes: byKind,
      feed: { ...feedStats, ratePerS: round(feedRps, 1) },
      feedSignedOut: stats(signedOut),
      feedSignedIn: stats(signedIn),
      feedWhileTranscoding: { ...feedWhileTranscoding, seconds: round(transcodeSeconds, 1) },
      transcodes,
      transcodeError,
      warmupTranscode,
      memory: {
        how: `RSS start and end each right after a full collection (V8's last-resort GC), ${ENDPOINT_BEFORE_MS / 1000} s before the warm-up's end and the run's end, under the full load; growth = (end - start) / start. The samples every ${MEMORY_EVERY_MS / 1000} s are taken wherever V8's heap is in its cycle (no collection first).`,
        rssStartMb: rssStart,
        rssEndMb: rssEnd,
        growth: round(memoryGrowth, 4),
        heapUsedAfterGcStartMb: start.heapUsedMb,
        heapUsedAfterGcEndMb: end.heapUsedMb,
        start,
        end,
        sampledRssFirstMb: sampledRss[0] ?? 0,
        sampledRssLastMb: sampledRss.at(-1) ?? 0,
        sampledRssMinMb: Math.min(...sampledRss),
        sampledRssMaxMb: Math.max(...sampledRss),
        samples: memory,
      },
      loadAverage: {
        before: loadBefore.map((v) => round(v)),
        after: loadAfter.map((v) => round(v)),
        meanDuringRun: round(
          memory.reduce((sum, m) => sum + m.load1, 0) / Math.max(1, memory.length),
        ),
      },
      targets: TARGETS,
      ok,
      meetsTargets: Object.values(ok).every(Boolean),
      ...machine(),
      measuredAt: new Date().toISOString(),
    };
    const resultsDir = path.join(here, 'results');
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, 'soak.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      JSON.stringify({ ...result, memory: { ...result.memory, samples: undefined } }, null, 2),
    );
    console.log(
      `driver=${result.driver} seconds=${SECONDS} rate_per_s=${result.totalRatePerS} feed_rps=${round(feedRps, 1)} requests=${total.count} errors=${total.errors} error_rate=${result.errorRate} feed_p95_ms=${feedStats.p95Ms} feed_p99_ms=${feedStats.p99Ms} feed_signed_in_p99_ms=${result.feedSignedIn.p99Ms} feed_signed_out_p99_ms=${result.feedSignedOut.p99Ms} feed_transcoding_p99_ms=${feedWhileTranscoding.p99Ms} transcoding_s=${round(transcodeSeconds, 1)} clips=${transcodes.length} metrics_p99_ms=${byKind['metrics batch']?.p99Ms} signin_p99_ms=${byKind['sign-in']?.p99Ms} leaderboard_videos_p99_ms=${byKind['leaderboard videos']?.p99Ms} leaderboard_creators_p99_ms=${byKind['leaderboard creators']?.p99Ms} rss_start_mb=${rssStart} rss_end_mb=${rssEnd} rss_growth_pct=${round(memoryGrowth * 100, 2)} heap_after_gc_mb=${start.heapUsedMb}/${end.heapUsedMb} rss_sampled_min_max_mb=${result.memory.sampledRssMinMb}/${result.memory.sampledRssMaxMb} loadavg=${loadBefore[0]?.toFixed(2)}/${loadAfter[0]?.toFixed(2)} load_mean=${result.loadAverage.meanDuringRun} ok_errors=${ok.errors} ok_memory=${ok.memory} ok_feed_p99=${ok.feedP99} ok_feed_p99_transcoding=${ok.feedP99WhileTranscoding} ok=${result.meetsTargets}`,
    );
  } finally {
    agent.destroy();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

async function videoIdsOf(handle: DatabaseHandle) {
  const { rows } = await handle.db.execute<{ id: string }>(
    sql`select id from videos where status = 'approved' order by random() limit 200`,
  );
  return rows.map((r) => r.id);
}

async function videoStatus(handle: DatabaseHandle, args: unknown) {
  const { id } = args as { id: string };
  const { rows } = await handle.db.execute<{ status: string }>(
    sql`select status from videos where id = ${id}`,
  );
  return rows[0]?.status ?? 'missing';
}

/** 200 viewers and one creator who can sign in with PASSWORD (one argon2id hash for all). */
async function seedAccounts(handle: DatabaseHandle) {
  const passwordHash = await hashPassword(PASSWORD);
  await handle.db.execute(sql`
    with made as (
      insert into users (email, email_verified_at, password_hash)
      select 'bench_viewer_' || i || '@example.test', now(), ${passwordHash}
      from generate_series(0, ${VIEWERS - 1}) i
      union all select ${CREATOR_EMAIL}, now(), ${passwordHash}
      returning id, email
    ), named as (
      insert into profiles (user_id, username, display_name)
      select id, split_part(email, '@', 1), 'Soak ' || split_part(email, '@', 1) from made
      returning user_id
    )
    insert into user_roles (user_id, role)
    select id, case when email = ${CREATOR_EMAIL} then 'creator' else 'viewer' end from made`);
}

if (process.argv[2] === 'serve') {
  await serveChild({
    seed: async (handle) => {
      await seedCreatorsAndVideos(handle.db, { creators: 40, videos: 2000, featured: 5 });
      await seedAccounts(handle);
      await handle.db.execute(sql`analyze`);
    },
    rateLimits: RATE_LIMITS,
    videoWorker: true,
    commands: { videos: videoIdsOf, videoStatus },
  });
} else {
  // The feed's micro-cache as deployed (config.ts: 1000 ms outside tests).
  process.env.BENCH_FEED_CACHE_MS = '1000';
  console.log(
    `bench:soak on ${DRIVER}: ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, ${FEED_RPS} feed requests/s in the mix, per-IP limits raised: ${JSON.stringify(RATE_LIMITS)}`,
  );
  await parent();
}
