/**
 * Issue 14 item 9: a media corpus made in the test with ffmpeg, each clip uploaded through the real
 * path (tus, the checks, the worker) with its expected outcome: refused with SPEC.md's exact message,
 * or pending with its rendition's size and orientation, a poster that is not black, and a duration
 * of at most 30.0. The other cases of the issue's list have files of their own in test/security/14-*
 * (polyglots, header durations that lie, 30 s edges, MediaRecorder WebM, HLG and PQ, VFR, anamorphic,
 * fade-in posters).
 *
 * Run with the system's ffmpeg (when recent) and, in CI, again with FFMPEG_SOURCE=bundled.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/db/schema';
import { NO_DURATION_MESSAGE, TOO_LONG_MESSAGE } from '../../src/modules/videos/upload.service';
import { ffmpegPath, ffprobePath } from '../../src/platform/media/ffmpeg';
import { frameColours, type Rgb, rotateMp4 } from '../fixtures/media';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { uploadFile } from '../support/tus';

const run = promisify(execFile);
let t: TestApp;
let dataDir: string;
let work: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-corpus-'));
  work = await mkdtemp(path.join(tmpdir(), 'adreel-corpus-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function ffmpeg(args: string[]): Promise<void> {
  await run(ffmpegPath(), ['-v', 'error', '-y', ...args], { timeout: 120_000 });
}
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'];

/** Red above blue, so a turned picture shows which way it turned. */
const TWO_COLOURS =
  'color=c=red:size=320x120:rate=15:duration=2[top];color=c=blue:size=320x120:rate=15:duration=2[bottom];[top][bottom]vstack';

/** The four quarters' colours of a picture's first frame as a player shows it (rotation applied). */
async function quarters(file: string): Promise<Rgb[]> {
  const { stdout } = await run(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'scale=2:2:flags=area',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { encoding: 'buffer' },
  );
  return [0, 1, 2, 3].map((i) => [
    stdout[i * 3] ?? 0,
    stdout[i * 3 + 1] ?? 0,
    stdout[i * 3 + 2] ?? 0,
  ]);
}
const redOrBlue = ([r, , b]: Rgb) => (r > b ? 'red' : 'blue');

async function size(file: string): Promise<{ width: number; height: number }> {
  const { stdout } = await run(ffprobePath(), [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'json',
    file,
  ]);
  const [stream] = (JSON.parse(stdout) as { streams: { width: number; height: number }[] }).streams;
  return { width: stream?.width ?? 0, height: stream?.height ?? 0 };
}

interface Case {
  name: string;
  filetype: string;
  make: (file: string) => Promise<void>;
  /** Refused with this message, or processed (pending) with this rendition size. */
  expected: { message: string } | { width: number; height: number; orientation?: boolean };
}

const rotated = (degrees: 90 | 180 | 270) => async (file: string) => {
  await ffmpeg(['-filter_complex', TWO_COLOURS, ...H264, file]);
  await rotateMp4(file, degrees);
};

const CASES: Case[] = [
  {
    name: 'a phone clip turned 90°',
    filetype: 'video/mp4',
    make: rotated(90),
    expected: { width: 240, height: 320, orientation: true },
  },
  {
    name: 'a phone clip turned 180°',
    filetype: 'video/mp4',
    make: rotated(180),
    expected: { width: 320, height: 240, orientation: true },
  },
  {
    name: 'a phone clip turned 270°',
    filetype: 'video/mp4',
    make: rotated(270),
    expected: { width: 240, height: 320, orientation: true },
  },
  {
    name: 'HEVC in a MOV (an iPhone’s SDR format)',
    filetype: 'video/quicktime',
    make: (file) =>
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=360x640:rate=30:duration=2',
        ...TONE,
        '-t',
        '2',
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=error',
        '-tag:v',
        'hvc1',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-f',
        'mov',
        file,
      ]),
    expected: { width: 360, height: 640 },
  },
  {
    name: 'VP9 and Opus in WebM',
    filetype: 'video/webm',
    make: (file) =>
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x240:rate=30:duration=2',
        ...TONE,
        '-t',
        '2',
        '-c:v',
        'libvpx-vp9',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-c:a',
        'libopus',
        '-f',
        'webm',
        file,
      ]),
    expected: { width: 320, height: 240 },
  },
  {
    name: 'AV1 in MP4',
    filetype: 'video/mp4',
    make: (file) =>
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=160x120:rate=15:duration=1',
        '-c:v',
        'libaom-av1',
        '-cpu-used',
        '8',
        '-b:v',
        '200k',
        '-strict',
        'experimental',
        file,
      ]),
    expected: { width: 160, height: 120 },
  },
  {
    name: '4K at 60 fps',
    filetype: 'video/mp4',
    make: (file) =>
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=3840x2160:rate=60:duration=0.5',
        ...TONE,
        '-t',
        '0.5',
        ...H264,
        '-c:a',
        'aac',
        file,
      ]),
    expected: { width: 720, height: 404 },
  },
  {
    name: 'odd sides (321×243)',
    filetype: 'video/mp4',
    make: (file) =>
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=321x243:rate=15:duration=1',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv444p',
        file,
      ]),
    expected: { width: 320, height: 242 },
  },
  {
    name: 'exactly 30.0 s with no sound',
    filetype: 'video/mp4',
    make: (file) =>
      ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=15:duration=30', ...H264, file]),
    expected: { width: 160, height: 120 },
  },
  {
    name: '30.5 s',
    filetype: 'video/mp4',
    make: (file) =>
      ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=30.5', ...H264, file]),
    expected: { message: TOO_LONG_MESSAGE },
  },
  {
    name: 'an MP4 cut off half-way (its index, at the end, is missing)',
    filetype: 'video/mp4',
    make: async (file) => {
      await ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x240:rate=15:duration=3',
        ...H264,
        file,
      ]);
      const bytes = await readFile(file);
      await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    },
    expected: { message: NO_DURATION_MESSAGE },
  },
];

describe('a media corpus, uploaded and processed', () => {
  for (const item of CASES) {
    it(`${item.name}: ${'message' in item.expected ? `refused (${item.expected.message})` : `${item.expected.width}×${item.expected.height}`}`, async () => {
      const ext = { 'video/quicktime': 'mov', 'video/webm': 'webm' }[item.filetype] ?? 'mp4';
      const file = path.join(work, `${item.name.replace(/[^a-z0-9]+/gi, '-')}.${ext}`);
      await item.make(file);
      const { headers } = await signedInUser(t, 'creator');
      const response = await uploadFile(t.app, headers, file, {
        title: item.name,
        filename: 'clip',
        filetype: item.filetype,
      });
      const expected = item.expected;
      if ('message' in expected) {
        expect(response.statusCode).toBe(422);
        expect(response.json().error.message).toBe(expected.message);
        return;
      }
      expect(response.statusCode, response.body).toBe(201);
      const { video } = response.json() as { video: { id: string } };
      await t.app.videoWorker.drain();
      const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
      expect(row?.status).toBe('pending');
      expect(row?.durationSec).toBeGreaterThan(0);
      expect(row?.durationSec).toBeLessThanOrEqual(30);
      const rendition = path.join(dataDir, 'media', (row?.fileUrl ?? '').replace(/^\/media\//, ''));
      const poster = path.join(dataDir, 'media', (row?.thumbUrl ?? '').replace(/^\/media\//, ''));
      expect(await size(rendition)).toEqual({ width: expected.width, height: expected.height });
      expect(await size(poster)).toEqual({ width: expected.width, height: expected.height });
      const [posterColour] = await frameColours(poster);
      expect(Math.max(...(posterColour ?? [0]))).toBeGreaterThan(40);
      if (expected.orientation) {
        // The rendition is upright as a player shows the source.
        expect((await quarters(rendition)).map(redOrBlue)).toEqual(
          (await quarters(file)).map(redOrBlue),
        );
        expect((await quarters(poster)).map(redOrBlue)).toEqual(
          (await quarters(file)).map(redOrBlue),
        );
      }
    });
  }
});
