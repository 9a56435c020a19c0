/**
 * The processing job (DESIGN.md §3 "Videos"): transcode the original to H.264/AAC MP4 within
 * 720×1280 with +faststart, take a poster frame, put both in storage, then the video becomes
 * pending (SPEC.md's review state) and the original is deleted. A file ffmpeg cannot read fails the
 * video with a reason the creator can act on, keeping the original for an admin's retry (issue 17
 * item 5); other faults are retried by the queue.
 *
 * An attempt may die at any point (kill -9) and be taken over once its lease passes, so each step
 * is safe to repeat: the work folder and the video's storage folder are cleared before a new
 * attempt writes, renditions are named by their content, and the row changes only from processing.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_BUDGET_MESSAGES, VIDEO_MAX_SECONDS } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/videos';
import {
  createWorker,
  type JobRow,
  PermanentJobError,
  type Worker,
} from '../../platform/jobs/queue';
import { decodingBudgetRefusal, transcodeTimeoutMs } from '../../platform/media/decoding-budget';
import { POSTER_EXT, poster, probe, sniffVideo, transcode } from '../../platform/media/ffmpeg';
import type { Storage } from '../../platform/storage/storage';
import { enqueueLadder } from './ladder.queries';
import { markProcessed, markProcessingFailed, setProcessingProgress } from './lifecycle.queries';
import { PROCESS_VIDEO_QUEUE, type ProcessVideoPayload } from './upload.service';

export const FAILED_REASON =
  'We could not process this video. Please export it again as MP4 (H.264) and upload it once more.';

/**
 * Processing concurrency per process (decision 037): two videos at a time, and at most one of them
 * a given creator's (VIDEO_JOBS_PER_CREATOR), so one creator's heavy clip or backlog always leaves a
 * slot for everyone else's first clip.
 */
export const VIDEO_PROCESSING_SLOTS = 2;
/** How many of one creator's videos are processed at once, over all processes. */
export const VIDEO_JOBS_PER_CREATOR = 1;

/** A source the job will not decode, with the creator's reason (the upload's check, again). */
export class RefusedSource extends PermanentJobError {
  override name = 'RefusedSource';
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface VideoProcessingDeps {
  config: Config;
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  leaseMs?: number;
  pollMs?: number;
  backoffMs?: number;
  /** The least time between two progress writes to the video's row (issue 14 item 8). */
  progressEveryMs?: number;
  /** Videos processed at once by this process (VIDEO_PROCESSING_SLOTS). */
  concurrency?: number;
}

export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');
/** Per-video scratch space; on the data disk, so a killed attempt's leftovers are found again. */
const workDir = (config: Config, videoId: string) =>
  path.join(config.dataDir, 'processing', path.basename(videoId));
/** Where a video's renditions live in storage: one folder per video, removable at once. */
export const videoMediaDir = (videoId: string) => `videos/${videoId}`;

export async function removeOriginal(config: Config, uploadId: string): Promise<void> {
  const file = path.join(uploadsDir(config), path.basename(uploadId));
  await rm(file, { force: true });
  await rm(`${file}.json`, { force: true });
}

export interface RenderedVideo {
  mp4: string;
  /** The poster (POSTER_EXT). */
  posterFile: string;
  durationSec: number;
}

/**
 * The media part of processing, shared by the job and `npm run bench:media`: the web rendition
 * (H.264/AAC, within 720×1280, +faststart, cut at VIDEO_MAX_SECONDS) and its poster, written into
 * `work`.
 */
export async function renderVideo(
  original: string,
  work: string,
  onProgress?: (fraction: number) => void,
): Promise<RenderedVideo> {
  // Read as the container its bytes are, as the upload's checks did (decision 027).
  const type = await sniffVideo(original);
  if (!type) throw new PermanentJobError('Not a video container');
  const source = await probe(original, type.container);
  if (!source.hasVideo) throw new PermanentJobError('No video stream');
  // Uploads are checked when they arrive; one registered before the budget (or by a process
  // without it) is checked here, before anything is decoded.
  const refusal = decodingBudgetRefusal(source);
  if (refusal) throw new RefusedSource(UPLOAD_BUDGET_MESSAGES[refusal]);
  const mp4 = path.join(work, 'out.mp4');
  const posterFile = path.join(work, `poster.${POSTER_EXT}`);
  try {
    await transcode(original, mp4, {
      container: type.container,
      hasAudio: source.hasAudio,
      maxSeconds: VIDEO_MAX_SECONDS,
      maxFrameRate: source.maxFrameRate,
      hdr: source.hdr,
      durationSec: source.durationSec,
      timeoutMs: transcodeTimeoutMs(source),
      ...(onProgress ? { onProgress } : {}),
    });
  } catch (error) {
    // ffmpeg refusing a file that passed ffprobe is the file's fault, not a passing one; unless
    // the machine ran out of something (the cause tells the queue, which then retries).
    throw new PermanentJobError(`ffmpeg: ${(error as Error).message.slice(0, 500)}`, {
      cause: error,
    });
  }
  const result = await probe(mp4, 'mov');
  if (!result.hasVideo || result.durationSec === null) {
    throw new PermanentJobError('The transcoded file has no playable video');
  }
  await poster(mp4, posterFile, result.durationSec);
  return { mp4, posterFile, durationSec: result.durationSec };
}

/**
 * The transcode's progress to the video's row (My Videos shows it): a whole percentage, 0–99 while
 * ffmpeg runs (100 is written with the result), only when it has grown, at most once per
 * `everyMs`, one write at a time. A failed write is logged, never the job's failure.
 */
function progressWriter(deps: VideoProcessingDeps, videoId: string) {
  const everyMs = deps.progressEveryMs ?? 1000;
  let written = -1;
  let lastAt = 0;
  let writing: Promise<void> = Promise.resolve();
  return {
    report(fraction: number) {
      const percent = Math.min(99, Math.floor(fraction * 100));
      const now = Date.now();
      if (percent <= written || now - lastAt < everyMs) return;
      written = percent;
      lastAt = now;
      writing = writing
        .then(() => setProcessingProgress(deps.db, videoId, percent))
        .catch((error: unknown) => deps.log.warn({ err: error, videoId }, 'progress not saved'));
    },
    /** Every write started has finished. */
    settled: () => writing,
  };
}

export function createVideoWorker(deps: VideoProcessingDeps): Worker {
  const { config, db, storage } = deps;

  async function run(job: JobRow): Promise<void> {
    const { videoId, uploadId, ownerId } = job.payload as ProcessVideoPayload;
    const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
    if (video?.status !== 'processing') {
      await removeOriginal(config, uploadId);
      return; // Deleted meanwhile, or already done by an earlier attempt.
    }
    const original = path.join(uploadsDir(config), path.basename(uploadId));
    try {
      await stat(original);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new PermanentJobError('The uploaded file is missing');
    }
    const work = workDir(config, videoId);
    // What an earlier attempt of this job left: a half-written rendition, a staging file.
    await rm(work, { recursive: true, force: true });
    await storage.removeAll(videoMediaDir(videoId));
    await mkdir(work, { recursive: true });
    const progress = progressWriter(deps, videoId);
    try {
      const {
        mp4,
        posterFile,
        durationSec: rendered,
      } = await renderVideo(original, work, progress.report).finally(progress.settled);
      const videoKey = await storage.putRendition(videoMediaDir(videoId), mp4, 'mp4');
      const posterKey = await storage.putRendition(videoMediaDir(videoId), posterFile, POSTER_EXT);
      const durationSec = Math.min(VIDEO_MAX_SECONDS, Math.round(rendered * 100) / 100);
      const processed = await markProcessed(db, videoId, {
        fileUrl: storage.publicUrl(videoKey),
        thumbUrl: storage.publicUrl(posterKey),
        durationSec,
      });
      // The lower rungs follow (issue 20, decision 033): the video plays from this rendition now.
      if (processed) await enqueueLadder(db, videoId, ownerId);
      else {
        // Another attempt finished first (this one outlived its lease) or the video went away:
        // keep only what the row names.
        const [now] = await db
          .select({ fileUrl: videos.fileUrl, thumbUrl: videos.thumbUrl })
          .from(videos)
          .where(eq(videos.id, videoId));
        const kept = new Set([now?.fileUrl, now?.thumbUrl]);
        for (const key of [videoKey, posterKey]) {
          if (!kept.has(storage.publicUrl(key))) await storage.remove(key);
        }
      }
      await removeOriginal(config, uploadId);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async function onFailed(job: JobRow, error: unknown): Promise<void> {
    // The original stays (issue 17 item 5): an admin may retry the job from /admin/jobs. It goes
    // when an attempt succeeds or finds the video no longer processing (deleted, rejected).
    const { videoId } = job.payload as ProcessVideoPayload;
    const reason = error instanceof RefusedSource ? error.reason : FAILED_REASON;
    await markProcessingFailed(db, videoId, reason);
    await rm(workDir(config, videoId), { recursive: true, force: true });
    const [video] = await db
      .select({ status: videos.status })
      .from(videos)
      .where(eq(videos.id, videoId));
    if (video?.status === 'failed') await storage.removeAll(videoMediaDir(videoId));
  }

  return createWorker({
    db,
    queue: PROCESS_VIDEO_QUEUE,
    handler: { run, onFailed },
    log: deps.log,
    concurrency: deps.concurrency ?? VIDEO_PROCESSING_SLOTS,
    runningPerOwner: VIDEO_JOBS_PER_CREATOR,
    ...(deps.leaseMs === undefined ? {} : { leaseMs: deps.leaseMs }),
    ...(deps.pollMs === undefined ? {} : { pollMs: deps.pollMs }),
    ...(deps.backoffMs === undefined ? {} : { backoffMs: deps.backoffMs }),
  });
}
