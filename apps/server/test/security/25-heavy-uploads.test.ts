/**
 * Issue 25 item 2, "One upload stalls everyone's processing": a 5.5 MB MP4 of 8192×8192 pixels held
 * the only worker while another creator's 1 s clip waited 25–47 s, and uploads queued without
 * limit. Now (decision 037) an upload past the decoding budget is refused before anything decodes
 * it, a creator holds at most VIDEO_MAX_PROCESSING videos in processing, the claim shares the
 * worker's slots fairly between creators, and the transcode's timeout follows the clip.
 *
 * And item 3's part in the job queue: a job that fails because the machine ran out of file
 * descriptors, processes or memory, or could not start ffmpeg/ffprobe at all, is retried, never
 * failed for good (a rendition job failed with "The rendition has no video" when ffprobe could not
 * be spawned).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  UPLOAD_BUDGET_MESSAGES,
  UPLOAD_MESSAGES,
  VIDEO_MAX_LONG_SIDE,
  VIDEO_MAX_PROCESSING,
  VIDEO_MAX_SHORT_SIDE,
} from '@adreel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../src/db/schema/jobs';
import { videos } from '../../src/db/schema/videos';
import { RefusedSource, renderVideo } from '../../src/modules/videos/process-video.job';
import { PROCESS_VIDEO_QUEUE } from '../../src/modules/videos/upload.service';
import {
  claimJob,
  completeJob,
  createWorker,
  EXHAUSTED_RETRIES,
  enqueueJob,
  type JobRow,
  PermanentJobError,
} from '../../src/platform/jobs/queue';
import {
  decodingBudgetRefusal,
  transcodeTimeoutMs,
} from '../../src/platform/media/decoding-budget';
import {
  ffmpegPath,
  lowerRungsTimeoutMs,
  makeLowerRungs,
  probe,
} from '../../src/platform/media/ffmpeg';
import { isResourceExhaustion } from '../../src/platform/resource-exhaustion';
import { makeClip } from '../fixtures/media';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { createVideo } from '../support/factories';
import { encodeMetadata, TUS, uploadFile } from '../support/tus';

const run = promisify(execFile);

/** When set, the server's ffprobe is this path: a spawn that fails (ENOENT), as when out of fds. */
const broken = vi.hoisted(() => ({ ffprobe: null as string | null }));
vi.mock('../../src/platform/media/binaries', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/platform/media/binaries')>();
  return {
    ...actual,
    mediaTools: () => {
      const tools = actual.mediaTools();
      return broken.ffprobe
        ? { ...tools, ffprobe: { ...tools.ffprobe, path: broken.ffprobe } }
        : tools;
    },
  };
});

let t: TestApp;
let work: string;
let dataDir: string;
/** 8192×8192, two frames in a second: what the 5.5 MB file was, in 200 kB. */
let huge: string;
/** 64×64 at 240 frames a second. */
let slowMotion: string;
/** 4096×2304 (within 4K) at 100 frames a second: past 4K's pixels at 60 fps. */
let fast4k: string;
/** One second of 160×120 with sound: a creator's short clip. */
let short: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'adreel-heavy-'));
  dataDir = path.join(work, 'data');
  huge = path.join(work, 'huge.mp4');
  slowMotion = path.join(work, 'slow-motion.mp4');
  fast4k = path.join(work, 'fast-4k.mp4');
  short = path.join(work, 'short.mp4');
  [t] = await Promise.all([
    createTestApp({ DATA_DIR: dataDir }),
    makeClip(huge, { seconds: 1, colour: 'navy', size: '8192x8192', rate: 2 }),
    makeClip(slowMotion, { seconds: 1, size: '64x64', rate: 240 }),
    makeClip(fast4k, { seconds: 0.3, colour: 'teal', size: '4096x2304', rate: 100 }),
    makeClip(short, { seconds: 1, audioSeconds: 1 }),
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(work, { recursive: true, force: true });
});

const uploadFiles = async (dir = dataDir) =>
  (await readdir(path.join(dir, 'uploads')).catch(() => [] as string[])).filter(
    (name) => !name.endsWith('.json'),
  );

const metadata = (title: string) =>
  encodeMetadata({ title, filename: 'ad.mp4', filetype: 'video/mp4' });

function startUpload(app: TestApp['app'], headers: AuthHeaders, length: number) {
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...headers,
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': metadata('Ad'),
    },
  });
}

const videoRow = async (db: TestApp['database']['db'], id: string) =>
  (await db.select().from(videos).where(eq(videos.id, id)))[0];

const jobOf = async (db: TestApp['database']['db'], queue: string, videoId: string) =>
  (
    await db
      .select()
      .from(jobs)
      .where(sql`${jobs.queue} = ${queue} and ${jobs.payload}->>'videoId' = ${videoId}`)
  )[0];

describe('the decoding budget', () => {
  it('refuses at upload what no phone or editor makes (8192×8192, 240 fps, 4K past 60 fps), keeping nothing', async () => {
    const { user, headers } = await signedInUser(t, 'creator');
    const cases = [
      [huge, 'video_resolution_too_high', UPLOAD_BUDGET_MESSAGES.resolution],
      [slowMotion, 'video_frame_rate_too_high', UPLOAD_BUDGET_MESSAGES.frameRate],
      [fast4k, 'video_too_demanding', UPLOAD_BUDGET_MESSAGES.pixelRate],
    ] as const;
    for (const [file, code, message] of cases) {
      const started = Date.now();
      const answer = await uploadFile(t.app, headers, file);
      expect(answer.statusCode, path.basename(file)).toBe(422);
      expect(answer.json()).toEqual({
        error: { code, message, requestId: expect.any(String) },
      });
      // Refused from the streams' description, before any decoding: quickly.
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    expect(UPLOAD_BUDGET_MESSAGES.resolution).toContain(
      `${VIDEO_MAX_LONG_SIDE}×${VIDEO_MAX_SHORT_SIDE}`,
    );
    expect(await uploadFiles()).toEqual([]);
    const rows = await t.database.db.select().from(videos).where(eq(videos.creatorId, user.id));
    expect(rows).toEqual([]);
  });

  it('measures the busiest second, so a variable-rate phone clip is not taken for slow motion', async () => {
    const [big, fast, fourK] = await Promise.all([
      probe(huge, 'mov'),
      probe(slowMotion, 'mov'),
      probe(fast4k, 'mov'),
    ]);
    expect(big).toMatchObject({ width: 8192, height: 8192, frames: 2 });
    expect(fast.peakFrameRate).toBeGreaterThanOrEqual(235);
    expect(fourK.peakFrameRate).toBeGreaterThan(90);
    // What phones make passes: UHD and DCI 4K at 60 fps either way round, 1080p at 120, and a
    // 60 fps clip whose busiest second holds a frame more (timestamps' jitter).
    const allowed: [number, number, number][] = [
      [3840, 2160, 60],
      [2160, 3840, 60],
      [4096, 2304, 61],
      [1920, 1080, 120],
      [1080, 1920, 122],
      [720, 1280, 30],
    ];
    for (const [width, height, peakFrameRate] of allowed) {
      expect(decodingBudgetRefusal({ width, height, peakFrameRate }), `${width}×${height}`).toBe(
        null,
      );
    }
    expect(decodingBudgetRefusal({ width: 7680, height: 4320, peakFrameRate: 30 })).toBe(
      'resolution',
    );
    expect(decodingBudgetRefusal({ width: 3000, height: 3000, peakFrameRate: 30 })).toBe(
      'resolution',
    );
    expect(decodingBudgetRefusal({ width: 1920, height: 1080, peakFrameRate: 240 })).toBe(
      'frameRate',
    );
    expect(decodingBudgetRefusal({ width: 3840, height: 2160, peakFrameRate: 120 })).toBe(
      'pixelRate',
    );
  });

  it('the job refuses it too, before decoding, with the reason for the creator', async () => {
    const out = await mkdtemp(path.join(work, 'render-'));
    const started = Date.now();
    const refused = await renderVideo(huge, out).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefusedSource);
    expect((refused as RefusedSource).reason).toBe(UPLOAD_BUDGET_MESSAGES.resolution);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("the transcode's timeout follows the clip's length and pixels, not a flat 10 minutes", () => {
    const oneSecond = transcodeTimeoutMs({ durationSec: 1, width: 1920, height: 1080, frames: 30 });
    expect(oneSecond).toBeGreaterThan(20_000);
    expect(oneSecond).toBeLessThan(60_000);
    const full1080 = transcodeTimeoutMs({
      durationSec: 30,
      width: 1920,
      height: 1080,
      frames: 900,
    });
    expect(full1080).toBeGreaterThan(2 * oneSecond);
    expect(full1080).toBeLessThan(5 * 60_000);
    const largest = transcodeTimeoutMs({
      durationSec: 30,
      width: 4096,
      height: 2304,
      frames: 1800,
    });
    expect(largest).toBeGreaterThan(full1080);
    expect(largest).toBeLessThan(12 * 60_000);
  });

  it('gives ffmpeg whole milliseconds for a clip of any length (child_process refuses a fraction)', async () => {
    // A real phone clip lasts 20.015 s, not 20: the ladder's timeout once came out 140060.045 ms,
    // and every ladder job failed for good on it.
    for (const durationSec of [20.015, 0.04, 29.999, null]) {
      expect(Number.isInteger(lowerRungsTimeoutMs(durationSec))).toBe(true);
      expect(
        Number.isInteger(
          transcodeTimeoutMs({ durationSec, width: 1079, height: 1919, frames: 601 }),
        ),
      ).toBe(true);
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'adreel-rungs-'));
    try {
      const clip = path.join(dir, 'odd.mp4');
      await makeClip(clip, { seconds: 2.3, size: '720x1280' });
      const made = await makeLowerRungs(clip, dir, 720, 1280, 2.3 + 1 / 3);
      expect(made.length).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the processing cap', () => {
  it(`refuses a new upload with 429 while ${VIDEO_MAX_PROCESSING} videos of the creator are processing, before any byte`, async () => {
    const { user, headers } = await signedInUser(t, 'creator');
    const waiting = [];
    for (let i = 0; i < VIDEO_MAX_PROCESSING; i += 1) {
      waiting.push(await createVideo(t.database.db, { creatorId: user.id, status: 'processing' }));
    }
    const before = await uploadFiles();
    const refused = await startUpload(t.app, headers, 1000);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'too_many_processing',
        message: UPLOAD_BUDGET_MESSAGES.tooManyProcessing,
        requestId: expect.any(String),
      },
    });
    expect(refused.headers.location).toBeUndefined();
    expect(await uploadFiles()).toEqual(before);

    // Another creator is not held back by it.
    const other = await signedInUser(t, 'creator');
    expect((await startUpload(t.app, other.headers, 1000)).statusCode).toBe(201);

    // One of them ready (or failed): room for one more.
    await t.database.db
      .update(videos)
      .set({ status: 'pending' })
      .where(eq(videos.id, waiting[0]?.id ?? ''));
    expect((await startUpload(t.app, headers, 1000)).statusCode).toBe(201);
  });

  it('uploads started together are held to the cap at their last byte, and the refused file is not kept', async () => {
    const { user, headers } = await signedInUser(t, 'creator');
    for (let i = 0; i < VIDEO_MAX_PROCESSING - 1; i += 1) {
      await createVideo(t.database.db, { creatorId: user.id, status: 'processing' });
    }
    const bytes = await readFile(short);
    const first = await startUpload(t.app, headers, bytes.length);
    const second = await startUpload(t.app, headers, bytes.length);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const finish = (location: string) =>
      t.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...headers,
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      });
    const done = await finish(first.headers.location as string);
    expect(done.statusCode).toBe(201);
    const refused = await finish(second.headers.location as string);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(UPLOAD_BUDGET_MESSAGES.tooManyProcessing);
    expect(await uploadFiles()).not.toContain(path.posix.basename(String(second.headers.location)));
    const processing = await t.database.db
      .select()
      .from(videos)
      .where(sql`${videos.creatorId} = ${user.id} and ${videos.status} = 'processing'`);
    expect(processing).toHaveLength(VIDEO_MAX_PROCESSING);
  });
});

describe('fair claim order', () => {
  const owners = () => [crypto.randomUUID(), crypto.randomUUID()] as const;

  it("creator B's one job is claimed before creator A's second, A's five enqueued first", async () => {
    const db = t.database.db;
    for (const finishFirst of [false, true]) {
      const queue = `test.fair.${crypto.randomUUID()}`;
      const [a, b] = owners();
      const mine: JobRow[] = [];
      for (let i = 0; i < 5; i += 1)
        mine.push(await enqueueJob(db, queue, { n: i }, { ownerId: a }));
      const theirs = await enqueueJob(db, queue, { n: 0 }, { ownerId: b });
      const first = await claimJob(db, queue, 60_000);
      expect(first?.id).toBe(mine[0]?.id);
      // Whether A's first job still runs (two slots) or is done (one slot): B's comes next.
      if (finishFirst) await completeJob(db, first?.id ?? '');
      const second = await claimJob(db, queue, 60_000);
      expect(second?.id, finishFirst ? 'one slot' : 'two slots').toBe(theirs.id);
      expect(second?.payload).toMatchObject({ ownerId: b });
      // Then A's backlog, in order.
      if (!finishFirst) await completeJob(db, first?.id ?? '');
      await completeJob(db, second?.id ?? '');
      for (const expected of mine.slice(1)) {
        const next = await claimJob(db, queue, 60_000);
        expect(next?.id).toBe(expected.id);
        await completeJob(db, next?.id ?? '');
      }
    }
  });

  it('one creator runs one job at a time: the free slot waits for someone else', async () => {
    const db = t.database.db;
    const queue = `test.fair.${crypto.randomUUID()}`;
    const [a, b] = owners();
    const a1 = await enqueueJob(db, queue, {}, { ownerId: a });
    const a2 = await enqueueJob(db, queue, {}, { ownerId: a });
    const limit = { runningPerOwner: 1 };
    expect((await claimJob(db, queue, 60_000, limit))?.id).toBe(a1.id);
    expect(await claimJob(db, queue, 60_000, limit)).toBeNull();
    const b1 = await enqueueJob(db, queue, {}, { ownerId: b });
    expect((await claimJob(db, queue, 60_000, limit))?.id).toBe(b1.id);
    await completeJob(db, a1.id);
    expect((await claimJob(db, queue, 60_000, limit))?.id).toBe(a2.id);
  });

  it("a worker with two slots runs B's job while A's long one is still running", async () => {
    const db = t.database.db;
    const queue = `test.fair.${crypto.randomUUID()}`;
    const [a, b] = owners();
    const ran: string[] = [];
    let releaseA = () => {};
    const aHeld = new Promise<void>((resolve) => {
      releaseA = resolve;
    });
    const worker = createWorker({
      db,
      queue,
      log: t.app.log,
      pollMs: 50,
      concurrency: 2,
      runningPerOwner: 1,
      handler: {
        async run(job) {
          ran.push(String(job.payload.name));
          if (job.payload.name === 'A1') await aHeld;
        },
      },
    });
    worker.start();
    try {
      await enqueueJob(db, queue, { name: 'A1' }, { ownerId: a });
      await enqueueJob(db, queue, { name: 'A2' }, { ownerId: a });
      worker.nudge();
      await expect.poll(() => ran, { timeout: 5_000 }).toEqual(['A1']);
      // Enqueued by another process (no nudge): the poll finds it while A1 still runs.
      await enqueueJob(db, queue, { name: 'B1' }, { ownerId: b });
      await expect.poll(() => ran, { timeout: 5_000 }).toEqual(['A1', 'B1']);
      releaseA();
      await expect.poll(() => ran, { timeout: 5_000 }).toEqual(['A1', 'B1', 'A2']);
    } finally {
      releaseA();
      await worker.stop();
    }
  });
});

describe('resource exhaustion is a retry', () => {
  it('EMFILE, ENOMEM or a failed spawn puts the job back without using an attempt, never failing it', async () => {
    const db = t.database.db;
    const queue = `test.exhausted.${crypto.randomUUID()}`;
    const job = await enqueueJob(db, queue, {}, { maxAttempts: 1 });
    const emfile = Object.assign(new Error('EMFILE: too many open files, open'), {
      code: 'EMFILE',
      errno: -24,
    });
    const faults: unknown[] = [
      // What the ladder job threw when ffprobe could not be started for want of descriptors.
      new PermanentJobError('The rendition has no video', { cause: emfile }),
      Object.assign(new Error('spawn EAGAIN'), { code: 'EAGAIN', syscall: 'spawn ffmpeg' }),
      new PermanentJobError('ffmpeg: Command failed', {
        cause: Object.assign(new Error('Command failed'), { signal: 'SIGKILL', killed: false }),
      }),
      Object.assign(new Error('ENOMEM: not enough memory'), { code: 'ENOMEM' }),
    ];
    let runs = 0;
    const failed: string[] = [];
    const worker = createWorker({
      db,
      queue,
      log: t.app.log,
      backoffMs: 0,
      handler: {
        async run() {
          const fault = faults[runs];
          runs += 1;
          if (fault) throw fault;
        },
        async onFailed(row) {
          failed.push(row.id);
        },
      },
    });
    expect(await worker.drain()).toBe(faults.length + 1);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ state: 'done', attempts: 1 });
    expect(row?.payload).toMatchObject({ exhaustedRetries: faults.length });
    expect(failed).toEqual([]);
    for (const fault of faults) expect(isResourceExhaustion(fault)).toBe(true);
    // A file's own fault stays permanent; a timeout (execFile's SIGTERM) is not exhaustion.
    expect(isResourceExhaustion(new PermanentJobError('No video stream'))).toBe(false);
    expect(
      isResourceExhaustion(Object.assign(new Error('x'), { signal: 'SIGTERM', killed: true })),
    ).toBe(false);
    expect(EXHAUSTED_RETRIES).toBeGreaterThan(faults.length);
  });

  it('ffprobe that cannot be started: the upload is kept (503), processing and the ladder are retried, then succeed', async () => {
    const db = t.database.db;
    const { headers } = await signedInUser(t, 'creator');
    const missing = path.join(work, 'no-such-ffprobe');

    // At the last byte: not "Unable to determine video duration", and the file stays for the sweep.
    broken.ffprobe = missing;
    try {
      const kept = await uploadFile(t.app, headers, short);
      expect(kept.statusCode).toBe(503);
      expect(kept.json().error.code).toBe('unavailable');
      expect(kept.json().error.message).not.toBe(UPLOAD_MESSAGES.noDuration);
    } finally {
      broken.ffprobe = null;
    }
    expect((await uploadFiles()).length).toBeGreaterThan(0);

    const uploaded = await uploadFile(t.app, headers, short);
    expect(uploaded.statusCode).toBe(201);
    const { video } = uploaded.json() as { video: { id: string } };
    const due = (id: string) => db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id));

    // Processing: the job goes back to the queue; the video is still processing, not failed.
    broken.ffprobe = missing;
    try {
      expect(await t.app.videoWorker.drain()).toBeGreaterThanOrEqual(1);
    } finally {
      broken.ffprobe = null;
    }
    const processJob = await jobOf(db, PROCESS_VIDEO_QUEUE, video.id);
    expect(processJob).toMatchObject({ state: 'queued', attempts: 0 });
    expect(processJob?.lastError).toMatch(/ENOENT|spawn/);
    expect((await videoRow(db, video.id))?.status).toBe('processing');
    await due(processJob?.id ?? '');
    await t.app.videoWorker.drain();
    expect((await videoRow(db, video.id))?.status).toBe('pending');

    // The ladder: was failed for good with "The rendition has no video".
    broken.ffprobe = missing;
    try {
      expect(await t.app.ladderWorker.drain()).toBeGreaterThanOrEqual(1);
    } finally {
      broken.ffprobe = null;
    }
    const ladderJob = await jobOf(db, 'video.ladder', video.id);
    expect(ladderJob).toMatchObject({ state: 'queued', attempts: 0 });
    expect(ladderJob?.lastError).not.toBe('The rendition has no video');
    await due(ladderJob?.id ?? '');
    await t.app.ladderWorker.drain();
    expect((await jobOf(db, 'video.ladder', video.id))?.state).toBe('done');
    expect((await videoRow(db, video.id))?.renditions).not.toBeNull();
  }, 60_000);
});

describe('end to end: a heavy upload does not hold another creator', () => {
  let e: TestApp;
  let eData: string;
  /** 20 s of 3840×2160 at 30 fps (within the budget): several seconds of work for the worker. */
  let heavy: string;

  beforeAll(async () => {
    eData = path.join(work, 'e2e-data');
    heavy = path.join(work, 'heavy.mp4');
    const second = path.join(work, 'heavy-1s.mp4');
    [e] = await Promise.all([
      createTestApp({ DATA_DIR: eData }),
      (async () => {
        await run(
          ffmpegPath(),
          [
            '-v',
            'error',
            '-y',
            '-f',
            'lavfi',
            '-i',
            'testsrc2=size=3840x2160:rate=30:duration=1',
            '-c:v',
            'libx264',
            '-preset',
            'ultrafast',
            '-crf',
            '45',
            '-g',
            '30',
            '-pix_fmt',
            'yuv420p',
            second,
          ],
          { timeout: 120_000 },
        );
        // The same second, twenty times over, without encoding it again.
        await run(
          ffmpegPath(),
          ['-v', 'error', '-y', '-stream_loop', '19', '-i', second, '-c', 'copy', heavy],
          { timeout: 120_000 },
        );
      })(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await e?.close();
  });

  it("while one creator's heavy upload is processing, another creator's 1 s clip is ready within a few seconds", async () => {
    const db = e.database.db;
    e.app.videoWorker.start();
    const a = await signedInUser(e, 'creator');
    const b = await signedInUser(e, 'creator');
    const heavyUpload = await uploadFile(e.app, a.headers, heavy, { title: 'Heavy' });
    expect(heavyUpload.statusCode).toBe(201);
    const heavyVideo = (heavyUpload.json() as { video: { id: string } }).video;
    await expect
      .poll(async () => (await jobOf(db, PROCESS_VIDEO_QUEUE, heavyVideo.id))?.state, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe('running');
    const heavyFiles = await uploadFiles(eData);

    const started = Date.now();
    const shortUpload = await uploadFile(e.app, b.headers, short, { title: 'Short' });
    expect(shortUpload.statusCode).toBe(201);
    const shortVideo = (shortUpload.json() as { video: { id: string } }).video;
    await expect
      .poll(async () => (await videoRow(db, shortVideo.id))?.status, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe('pending');
    const readyAfterMs = Date.now() - started;
    const heavyNow = await videoRow(db, heavyVideo.id);
    try {
      expect(heavyNow?.status).toBe('processing');
      expect(readyAfterMs).toBeLessThan(10_000);
    } finally {
      // Done with the heavy clip: stop its ffmpeg (ours, found by its unique upload path), so the
      // test does not wait for it.
      for (const name of heavyFiles) {
        const found = await run('pgrep', ['-f', path.join(eData, 'uploads', name)]).catch(() => ({
          stdout: '',
        }));
        for (const pid of found.stdout.split(/\s+/).filter(Boolean)) {
          if (Number(pid) !== process.pid) process.kill(Number(pid), 'SIGTERM');
        }
      }
    }
  }, 60_000);
});
