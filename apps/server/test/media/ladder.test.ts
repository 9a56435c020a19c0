/**
 * Issue 20 (server side): the rendition ladder. A processed video plays from its 720p rendition,
 * then the ladder job adds 540p and 360p made from it: H.264/AAC, +faststart, keyframes every 2 s
 * on every rung, bit rates under each rung's cap; the feed gives the ladder beside `fileUrl`; every
 * rung is served with a year's immutable caching, its content hash as a strong ETag, and 304 for
 * If-None-Match. Videos processed before the ladder existed get theirs from the backfill job.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VideoRendition } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { jobs, videos } from '../../src/db/schema';
import { enqueueLadderBackfill, VIDEO_LADDER_QUEUE } from '../../src/modules/videos/ladder.job';
import {
  ffmpegPath,
  ffprobePath,
  LADDER,
  lowerRungsFor,
  rungSize,
} from '../../src/platform/media/ffmpeg';
import { keyFromUrl } from '../../src/platform/storage/keys';
import { createStorage } from '../../src/platform/storage/storage';
import { createTestApp, type TestApp } from '../support/app';
import { asRole, signedInUser } from '../support/auth';
import { createVideo } from '../support/factories';
import { uploadFile } from '../support/tus';

const run = promisify(execFile);
let t: TestApp;
let dataDir: string;
let portrait: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-ladder-'));
  portrait = path.join(dataDir, 'portrait.mp4');
  // 5 s of a busy 1080×1920 picture with sound, as a phone films it (60 frames a second would be
  // slower to make; 30 is what most phones record).
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
    '5',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    portrait,
  ]);
  t = await createTestApp({ DATA_DIR: dataDir });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

interface Probed {
  width: number;
  height: number;
  codec: string;
  audio: string | undefined;
  keyframes: number[];
}

async function probeFile(file: string): Promise<Probed> {
  const { stdout } = await run(ffprobePath(), [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,width,height:packet=stream_index,pts_time,flags',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    packets: { stream_index: number; pts_time: string; flags: string }[];
  };
  const videoIndex = parsed.streams.findIndex((stream) => stream.codec_type === 'video');
  const video = parsed.streams[videoIndex];
  return {
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    codec: video?.codec_name ?? '',
    audio: parsed.streams.find((stream) => stream.codec_type === 'audio')?.codec_name,
    keyframes: parsed.packets
      .filter((packet) => packet.stream_index === videoIndex && packet.flags.startsWith('K'))
      .map((packet) => Math.round(Number(packet.pts_time) * 10) / 10)
      .sort((a, b) => a - b),
  };
}

/** The top-level boxes of an MP4 in order (faststart: moov before mdat). */
function topBoxes(bytes: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(at);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    names.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return names;
}

describe('the ladder of a processed video', () => {
  let ladder: VideoRendition[];
  let videoId: string;

  beforeAll(async () => {
    const { headers } = await signedInUser(t, 'creator');
    const response = await uploadFile(t.app, headers, portrait, { title: 'Tall clip' });
    expect(response.statusCode).toBe(201);
    videoId = response.json().video.id;
    await t.app.videoWorker.drain();
    const [processed] = await t.database.db.select().from(videos).where(eq(videos.id, videoId));
    // Playable before its ladder: the 720p rendition alone.
    expect(processed).toMatchObject({ status: 'pending', renditions: null });
    expect(processed?.fileUrl).toMatch(/^\/media\/videos\/.+\.mp4$/);
    expect(await t.app.ladderWorker.drain()).toBe(1);
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, videoId));
    ladder = row?.renditions ?? [];
    expect(ladder.at(-1)?.url).toBe(row?.fileUrl);
  }, 180_000);

  it('has 360p, 540p and 720p, lowest first, at their sizes', () => {
    expect(ladder.map((rung) => [rung.name, rung.width, rung.height])).toEqual([
      ['360p', 360, 640],
      ['540p', 540, 960],
      ['720p', 720, 1280],
    ]);
  });

  it('every rung is H.264/AAC, faststart, keyframes every 2 s, under its cap', async () => {
    for (const rung of ladder) {
      const response = await t.app.inject({ method: 'GET', url: rung.url });
      expect(response.statusCode).toBe(200);
      const bytes = response.rawPayload;
      const file = path.join(dataDir, `${rung.name}.mp4`);
      await writeFile(file, bytes);
      const probed = await probeFile(file);
      expect(probed).toMatchObject({
        width: rung.width,
        height: rung.height,
        codec: 'h264',
        audio: 'aac',
      });
      expect(probed.keyframes.slice(0, 3)).toEqual([0, 2, 4]);
      const boxes = topBoxes(bytes);
      expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      const cap = LADDER.find((step) => step.name === rung.name);
      // Video under its cap (x264's VBV over 5 s may overshoot a little) plus the audio.
      expect(rung.bitrateKbps).toBeGreaterThan(0);
      expect(rung.bitrateKbps).toBeLessThanOrEqual(
        (cap?.maxrateKbps ?? 0) * 1.25 + (cap?.audioKbps ?? 0),
      );
    }
    // Lower rungs cost fewer bytes.
    const rates = ladder.map((rung) => rung.bitrateKbps);
    expect([...rates].sort((a, b) => a - b)).toEqual(rates);
  });

  it('is served with a year of immutable caching and a strong ETag; 304 when the client has it', async () => {
    for (const rung of ladder) {
      const response = await t.app.inject({ method: 'GET', url: rung.url });
      const hash = /\/([0-9a-f]{32})\.mp4$/.exec(rung.url)?.[1];
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.etag).toBe(`"${hash}"`);
      const again = await t.app.inject({
        method: 'GET',
        url: rung.url,
        headers: { 'if-none-match': `"other", ${response.headers.etag}` },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(response.headers.etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A stale tag gets the bytes; a range still works beside it.
      const stale = await t.app.inject({
        method: 'GET',
        url: rung.url,
        headers: { 'if-none-match': '"0123"', range: 'bytes=0-99' },
      });
      expect(stale.statusCode).toBe(206);
      expect(stale.rawPayload.length).toBe(100);
    }
  });

  it('the feed gives the ladder beside fileUrl once the video is live', async () => {
    const admin = await asRole(t, 'admin');
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${videoId}/approve`,
      headers: admin,
    });
    expect(approve.statusCode).toBe(200);
    const feed = await t.app.inject({ method: 'GET', url: `/api/feed?start=${videoId}` });
    expect(feed.statusCode).toBe(200);
    const shown = feed.json().videos.find((video: { id: string }) => video.id === videoId);
    expect(shown.renditions).toEqual(ladder);
    expect(shown.fileUrl).toBe(ladder.at(-1)?.url);
  });
});

describe('the ladder backfill', () => {
  it('gives videos processed before the ladder theirs, once, and leaves rejected ones alone', async () => {
    const { db } = t.database;
    const storage = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    // An older video: a 720×1280 rendition in storage, no ladder.
    const rendition = path.join(dataDir, 'old-720.mp4');
    await run(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=720x1280:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine',
      '-t',
      '3',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      rendition,
    ]);
    const older = await createVideo(db, { status: 'pending' });
    const key = await storage.putRendition(`videos/${older.id}`, rendition, 'mp4');
    await db
      .update(videos)
      .set({ fileUrl: storage.publicUrl(key) })
      .where(eq(videos.id, older.id));
    const rejected = await createVideo(db, { status: 'rejected', fileUrl: null, thumbUrl: null });

    expect(await enqueueLadderBackfill(db)).toBe(true);
    // One backfill at a time.
    expect(await enqueueLadderBackfill(db)).toBe(false);
    await t.app.ladderWorker.drain();

    const [row] = await db.select().from(videos).where(eq(videos.id, older.id));
    expect(row?.renditions?.map((rung) => [rung.name, rung.width, rung.height])).toEqual([
      ['360p', 360, 640],
      ['540p', 540, 960],
      ['720p', 720, 1280],
    ]);
    for (const rung of row?.renditions ?? []) {
      const stored = keyFromUrl(rung.url);
      expect(stored?.startsWith(`videos/${older.id}/`)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: rung.url })).statusCode).toBe(200);
    }
    const [untouched] = await db.select().from(videos).where(eq(videos.id, rejected.id));
    expect(untouched?.renditions).toBeNull();

    // A second backfill finds nothing to do: no ladder job is enqueued again.
    const laddersBefore = await db.$count(jobs, eq(jobs.queue, VIDEO_LADDER_QUEUE));
    expect(await enqueueLadderBackfill(db)).toBe(true);
    await t.app.ladderWorker.drain();
    // Only the backfill job itself was added.
    const laddersAfter = await db.$count(jobs, eq(jobs.queue, VIDEO_LADDER_QUEUE));
    expect(laddersAfter - laddersBefore).toBe(1);
    // Its files are gone with it when the video is rejected.
    const admin = await asRole(t, 'admin');
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${older.id}/reject`,
      headers: admin,
    });
    expect(reject.statusCode).toBe(200);
    for (const rung of row?.renditions ?? []) {
      expect((await t.app.inject({ method: 'GET', url: rung.url })).statusCode).toBe(404);
    }
    const [gone] = await db.select().from(videos).where(eq(videos.id, older.id));
    expect(gone?.renditions).toBeNull();
    await readFile(rendition); // the test's own file is untouched
  }, 180_000);
});

describe('which rungs a size gets', () => {
  it('a small video gets only the rungs that make it smaller, at even sizes with its aspect', () => {
    expect(lowerRungsFor(720, 1280).map((rung) => rung.name)).toEqual(['360p', '540p']);
    expect(lowerRungsFor(480, 854).map((rung) => rung.name)).toEqual(['360p']);
    expect(lowerRungsFor(320, 240).map((rung) => rung.name)).toEqual([]);
    const [p360] = LADDER;
    expect(p360 && rungSize(p360, 720, 1280)).toEqual([360, 640]);
    expect(p360 && rungSize(p360, 1280, 720)).toEqual([360, 202]);
    expect(p360 && rungSize(p360, 718, 1080)).toEqual([360, 540]);
  });
});
