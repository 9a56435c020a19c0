/**
 * Demo videos on a first start (issue 4 item 7, issue 18 item 1): six designed 9:16 ads, made once,
 * published, playable, with a soundtrack that is music rather than a tone, distinct posters, and
 * titles clear of the feed's overlays. Runs with whichever ffmpeg FFMPEG_SOURCE picks (CI runs the
 * media tests with the system's and with the bundled 2018 build).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { jobs } from '../../src/db/schema';
import { seedDemoData } from '../../src/db/seed';
import { SAFE } from '../../src/modules/videos/demo-ads/designs';
import { GUESS } from '../../src/modules/videos/demo-ads/font-metrics';
import {
  type Fonts,
  fittedSize,
  renderAd,
  resolveFonts,
  type TextLine,
} from '../../src/modules/videos/demo-ads/render';
import { SAMPLE_RATE, synthesize } from '../../src/modules/videos/demo-ads/soundtrack';
import { DEMO_AUDIENCES } from '../../src/modules/videos/demo-engagement';
import {
  DEMO_VIDEOS,
  ensureDemoVideos,
  listDemoVideos,
} from '../../src/modules/videos/demo-videos';
import { VIDEO_LADDER_QUEUE } from '../../src/modules/videos/ladder.queries';
import { ffmpegPath, probe } from '../../src/platform/media/ffmpeg';
import { createStorage, type Storage } from '../../src/platform/storage/storage';
import { createTestDatabase, type TestDatabase } from '../support/database';

const exec = promisify(execFile);

let database: TestDatabase;
let storage: Storage;
let dataDir: string;
let fonts: Fonts | null;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-demo-'));
  storage = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  fonts = await resolveFonts();
});
afterAll(() => database?.dispose());

/** An ffmpeg expression of t (as the designs write them) evaluated at time `t`. */
function evaluate(expression: string, t: number, tw = 0): number {
  const scope = {
    t,
    tw,
    clip: (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x)),
    pow: Math.pow,
    sin: Math.sin,
    cos: Math.cos,
    exp: Math.exp,
    mod: (a: number, b: number) => a - Math.floor(a / b) * b,
  };
  const run = new Function(...Object.keys(scope), `return (${expression});`);
  return run(...Object.values(scope)) as number;
}

/** When a line has fully come in: its window's start (from its enable) plus a second. */
function settledAt(line: TextLine): number {
  const from = /between\(t,([\d.]+),/.exec(line.enable ?? '')?.[1];
  return Number(from ?? 0) + 1;
}

/** Interleaved stereo 16-bit samples folded to mono floats. */
function mono(pcm: Buffer): Float32Array {
  const out = new Float32Array(Math.floor(pcm.length / 4));
  for (let i = 0; i < out.length; i += 1)
    out[i] = (pcm.readInt16LE(i * 4) + pcm.readInt16LE(i * 4 + 2)) / 65_536;
  return out;
}

/**
 * How much the loudness moves (coefficient of variation of 50 ms RMS windows: ~0 for a steady
 * tone, well above it for beats), and how many frequencies hold most of the energy over the
 * track (a handful for a pure tone, dozens for chords, bass and drums).
 */
function character(samples: Float32Array): { loudnessSpread: number; bins: number } {
  const window = Math.round(SAMPLE_RATE * 0.05);
  const rms: number[] = [];
  for (let start = 0; start + window <= samples.length; start += window) {
    let sum = 0;
    for (let i = start; i < start + window; i += 1) sum += (samples[i] ?? 0) ** 2;
    rms.push(Math.sqrt(sum / window));
  }
  const mean = rms.reduce((a, b) => a + b, 0) / rms.length;
  const spread = Math.sqrt(rms.reduce((a, b) => a + (b - mean) ** 2, 0) / rms.length) / mean;

  // The power spectrum averaged over eight 2048-sample windows spread through the track.
  const n = 2048;
  const cos = Float64Array.from({ length: n }, (_, m) => Math.cos((2 * Math.PI * m) / n));
  const sin = Float64Array.from({ length: n }, (_, m) => Math.sin((2 * Math.PI * m) / n));
  const power = new Float64Array(n / 2);
  const x = new Float64Array(n);
  for (let w = 0; w < 8; w += 1) {
    const offset = Math.floor(((samples.length - n) * (w + 0.5)) / 8);
    for (let i = 0; i < n; i += 1)
      x[i] = (samples[offset + i] ?? 0) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)));
    for (let k = 1; k < n / 2; k += 1) {
      let re = 0;
      let im = 0;
      for (let i = 0, m = 0; i < n; i += 1, m = (m + k) % n) {
        re += (x[i] as number) * (cos[m] as number);
        im -= (x[i] as number) * (sin[m] as number);
      }
      power[k] = (power[k] ?? 0) + re * re + im * im;
    }
  }
  // How many frequency bins (of 1024, 21.5 Hz each) hold 80 % of the energy.
  const total = power.reduce((a, b) => a + b, 0);
  const sorted = [...power].sort((a, b) => b - a);
  let bins = 0;
  for (let held = 0; held < total * 0.8; bins += 1) held += sorted[bins] ?? 0;
  return { loudnessSpread: spread, bins };
}

/** A picture decoded to a 12 × 21 grid of RGB bytes, for comparing posters. */
async function thumbnail(file: string): Promise<Buffer> {
  const { stdout } = await exec(
    ffmpegPath(),
    ['-v', 'error', '-i', file, '-vf', 'scale=12:21', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  );
  return stdout;
}

const meanDifference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
};

describe('demo ads', () => {
  it('are six or more distinct 9:16 ads of 8–15 s, one per brand, with https calls to action', () => {
    expect(DEMO_VIDEOS.length).toBeGreaterThanOrEqual(6);
    for (const field of ['key', 'brand', 'title', 'design'] as const)
      expect(new Set(DEMO_VIDEOS.map((d) => d[field])).size).toBe(DEMO_VIDEOS.length);
    // Each its own palette (the backdrop's colour mid-picture), tempo and chords.
    const middle = DEMO_VIDEOS.map((d) => d.design.background.color(0.5, 0.3, 2).map(Math.round));
    expect(new Set(middle.map((c) => c.join())).size).toBe(DEMO_VIDEOS.length);
    const tracks = DEMO_VIDEOS.map((d) => JSON.stringify(d.design.soundtrack));
    expect(new Set(tracks).size).toBe(DEMO_VIDEOS.length);
    for (const demo of DEMO_VIDEOS) {
      expect(demo.design.seconds).toBeGreaterThanOrEqual(8);
      expect(demo.design.seconds).toBeLessThanOrEqual(15);
      expect(demo.design.posterAt).toBeLessThan(demo.design.seconds);
      expect(demo.ctaUrl).toMatch(/^https:\/\//);
      expect(demo.caption.length).toBeGreaterThan(0);
      // A product moving and the words naming the brand.
      expect(demo.design.layers.some((l) => l.kind === 'sprite')).toBe(true);
      const words = demo.design.layers
        .filter((l): l is TextLine => l.kind === 'text')
        .map((l) => l.text)
        .join(' ');
      expect(words.toUpperCase()).toContain(demo.brand.toUpperCase());
      // Every demo video has an engagement history (leaderboards, the ranked feed).
      expect(DEMO_AUDIENCES[demo.key]).toBeDefined();
    }
  });

  it('keep every title clear of the lower third and the right rail, once it has come in', () => {
    // Measured in the machine's fonts, or by the wide guess used without one.
    const metrics: Fonts = fonts ?? {
      display: '',
      body: '',
      measure: { display: GUESS, body: GUESS },
    };
    for (const demo of DEMO_VIDEOS) {
      const titles = demo.design.layers.filter(
        (l): l is TextLine => l.kind === 'text' && l.role === 'title',
      );
      expect(titles.length).toBeGreaterThanOrEqual(4);
      for (const line of titles) {
        const t = settledAt(line);
        const size = fittedSize(line, metrics);
        const width = metrics.measure[line.font](line.text) * size;
        const x = evaluate(line.x, t, width);
        const y = evaluate(line.y, t);
        const label = `${demo.key}: "${line.text}"`;
        // A label's box reaches 14 px around its words.
        const pad = line.box ? 14 : 0;
        expect(x - pad, label).toBeGreaterThanOrEqual(SAFE.left - 14);
        expect(x + width + pad, label).toBeLessThanOrEqual(SAFE.right);
        expect(y - pad, label).toBeGreaterThanOrEqual(SAFE.top);
        expect(y + size * 1.2 + pad, label).toBeLessThanOrEqual(SAFE.bottom);
      }
    }
    // The safe area itself: above the lower third, left of the buttons.
    expect(SAFE.bottom).toBeLessThanOrEqual(1280 * (2 / 3));
    expect(SAFE.right).toBeLessThanOrEqual(720 - 150);
  });

  it('have soundtracks that are music: changing loudness and no single tone', async () => {
    for (const demo of DEMO_VIDEOS) {
      const stereo = await synthesize(demo.design.soundtrack, demo.design.seconds);
      const left = stereo.filter((_, i) => i % 2 === 0);
      const { loudnessSpread, bins } = character(left);
      expect(loudnessSpread, demo.key).toBeGreaterThan(0.15);
      expect(bins, demo.key).toBeGreaterThan(10);
    }
    // The measure tells a tone apart: a pure 440 Hz sine fails both.
    const tone = Float32Array.from({ length: SAMPLE_RATE * 2 }, (_, i) =>
      Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE),
    );
    const sine = character(tone);
    expect(sine.loudnessSpread).toBeLessThan(0.05);
    expect(sine.bins).toBeLessThanOrEqual(4);
  });

  it('are still made, without words, when there is no font (or no drawtext)', async () => {
    const [first] = DEMO_VIDEOS;
    if (!first) throw new Error('no demo videos');
    const dir = await mkdtemp(path.join(tmpdir(), 'adreel-demo-plain-'));
    const output = path.join(dir, 'plain.mp4');
    const design = { ...first.design, seconds: 2 };
    expect(await renderAd(ffmpegPath(), design, dir, 'plain', output, null)).toEqual({
      words: false,
    });
    expect(await probe(output, 'mov')).toMatchObject({
      hasVideo: true,
      hasAudio: true,
      width: 720,
      height: 1280,
    });
  }, 120_000);
});

describe('demo videos', () => {
  it('does nothing before the demo creators exist', async () => {
    expect(await ensureDemoVideos({ db: database.db, storage })).toBe(0);
  });

  it('are made once as approved, published, playable ads with music and distinct posters, and never again', async () => {
    await seedDemoData(database.db);
    expect(await ensureDemoVideos({ db: database.db, storage })).toBe(DEMO_VIDEOS.length);

    const rows = await listDemoVideos(database.db);
    expect(rows).toHaveLength(DEMO_VIDEOS.length);
    const posters: Buffer[] = [];
    for (const demo of DEMO_VIDEOS) {
      const row = rows.find((r) => r.title === demo.title);
      expect(row).toMatchObject({
        status: 'approved',
        publishedAt: expect.any(Date),
        ctaUrl: demo.ctaUrl,
        caption: demo.caption,
        durationSec: demo.design.seconds,
      });
      const file = path.join(dataDir, 'media', (row?.fileUrl ?? '').replace(/^\/media\//, ''));
      const probed = await probe(file, 'mov');
      expect(probed).toMatchObject({ hasVideo: true, hasAudio: true, width: 720, height: 1280 });
      expect(probed.durationSec).toBeCloseTo(demo.design.seconds, 0);

      // The encoded soundtrack is still music.
      const { stdout } = await exec(
        ffmpegPath(),
        [
          '-v',
          'error',
          '-i',
          file,
          '-vn',
          '-f',
          's16le',
          '-ac',
          '2',
          '-ar',
          String(SAMPLE_RATE),
          '-',
        ],
        { encoding: 'buffer', maxBuffer: 64 << 20 },
      );
      const { loudnessSpread, bins } = character(mono(stdout));
      expect(loudnessSpread, demo.key).toBeGreaterThan(0.15);
      expect(bins, demo.key).toBeGreaterThan(10);

      const poster = path.join(dataDir, 'media', (row?.thumbUrl ?? '').replace(/^\/media\//, ''));
      expect((await stat(poster)).size).toBeGreaterThan(0);
      posters.push(await thumbnail(poster));
    }
    // No two posters alike, and none a flat picture.
    for (const [i, a] of posters.entries()) {
      const values = [...a];
      expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(100);
      for (const b of posters.slice(i + 1)) expect(meanDifference(a, b)).toBeGreaterThan(20);
    }

    // Each gets its lower rungs made, as a processed upload does (issue 20): the start-up
    // backfill ran before these rows existed.
    const ladderJobs = await database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.queue, VIDEO_LADDER_QUEUE));
    expect(ladderJobs.map((job) => (job.payload as { videoId: string }).videoId).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );

    // A restart: they exist, so nothing is made or inserted.
    expect(await ensureDemoVideos({ db: database.db, storage })).toBe(0);
    expect(await listDemoVideos(database.db)).toHaveLength(DEMO_VIDEOS.length);
    expect(await database.db.$count(jobs, eq(jobs.queue, VIDEO_LADDER_QUEUE))).toBe(rows.length);
  }, 900_000);

  it('uses a font this machine has, so the ads carry their words', async () => {
    const found = await resolveFonts();
    expect(found).not.toBeNull();
    if (found) expect((await readFile(found.display)).length).toBeGreaterThan(10_000);
  });
});
