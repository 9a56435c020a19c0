/**
 * The rendition ladder (issue 20, decision 033). A processed video plays at once from its 720p
 * rendition (the processing job, as before); this job then adds the lower rungs (360p, 540p) made
 * from that rendition, stores them content-addressed beside it, and writes the ladder on the row,
 * which the feed gives out. The backfill job enqueues it for every video that has a rendition and
 * no ladder (the videos processed before the ladder existed).
 *
 * Safe to repeat like the processing job: the work folder is cleared first, files are named by
 * their content, and the row is written only while it still names the rendition the rungs were
 * made from; files nobody names are removed.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { VideoRendition } from '@adreel/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  createWorker,
  enqueueJob,
  type JobRow,
  PermanentJobError,
  type Worker,
} from '../../platform/jobs/queue';
import { LADDER, type LadderRung, makeLowerRungs, probe } from '../../platform/media/ffmpeg';
import { keyFromUrl } from '../../platform/storage/keys';
import type { Storage } from '../../platform/storage/storage';
import {
  backfillPending,
  enqueueLadder,
  findLadderSubject,
  listVideosWithoutLadder,
  saveLadder,
  VIDEO_LADDER_QUEUE,
} from './ladder.queries';
import { videoMediaDir } from './process-video.job';

export { enqueueLadder, VIDEO_LADDER_QUEUE };

/** A ladder job's payload: one video, or the backfill. */
export type LadderPayload = { videoId: string } | { backfill: true };

/** How many videos one backfill job enqueues before it enqueues the next backfill. */
export const BACKFILL_BATCH = 100;

export interface LadderDeps {
  config: Config;
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  leaseMs?: number;
  pollMs?: number;
  backoffMs?: number;
}

const ladderWorkDir = (config: Config, videoId: string) =>
  path.join(config.dataDir, 'ladder', path.basename(videoId));

/** The backfill, unless one is already queued or running; true when one was enqueued. */
export async function enqueueLadderBackfill(db: Database): Promise<boolean> {
  if (await backfillPending(db)) return false;
  await enqueueJob(db, VIDEO_LADDER_QUEUE, { backfill: true }, { maxAttempts: 3 });
  return true;
}

/** A rung as the API gives it, from a made file: its size and measured bit rate. */
async function describe(
  rung: LadderRung,
  file: string,
  url: string,
): Promise<VideoRendition | null> {
  const made = await probe(file, 'mov');
  if (!made.hasVideo || !made.width || !made.height || !made.durationSec) return null;
  const { size } = await stat(file);
  return {
    name: rung.name,
    url,
    width: made.width,
    height: made.height,
    bitrateKbps: Math.round((size * 8) / made.durationSec / 1000),
  };
}

/**
 * The lower rungs of one video from its stored rendition, stored beside it; the ladder (lowest
 * first, the rendition last) or null when the video no longer wants one.
 */
export async function buildLadder(
  deps: Pick<LadderDeps, 'config' | 'db' | 'storage'>,
  videoId: string,
): Promise<VideoRendition[] | null> {
  const { config, db, storage } = deps;
  const video = await findLadderSubject(db, videoId);
  if (!video?.fileUrl || video.renditions || !['pending', 'approved'].includes(video.status)) {
    return null; // Gone, rejected, failed, or done by an earlier attempt.
  }
  const topKey = keyFromUrl(video.fileUrl);
  if (!topKey) throw new PermanentJobError('The rendition is not in storage');
  const work = ladderWorkDir(config, videoId);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const stored: string[] = [];
  try {
    const top = path.join(work, 'top.mp4');
    const found = await storage.read(topKey, null);
    if (found.kind !== 'found') throw new PermanentJobError('The rendition is missing');
    await pipeline(found.body, createWriteStream(top));
    const source = await probe(top, 'mov');
    if (!source.hasVideo || !source.width || !source.height) {
      throw new PermanentJobError('The rendition has no video');
    }
    let made: Awaited<ReturnType<typeof makeLowerRungs>>;
    try {
      made = await makeLowerRungs(top, work, source.width, source.height, source.durationSec);
    } catch (error) {
      // Retried when the machine ran out of something (the cause tells the queue, decision 037).
      throw new PermanentJobError(`ffmpeg: ${(error as Error).message.slice(0, 500)}`, {
        cause: error,
      });
    }
    const ladder: VideoRendition[] = [];
    for (const rung of made) {
      const key = await storage.putRendition(videoMediaDir(videoId), rung.file, 'mp4');
      stored.push(key);
      const described = await describe(rung.rung, rung.file, storage.publicUrl(key));
      if (!described) throw new PermanentJobError(`The ${rung.rung.name} rung has no video`);
      ladder.push(described);
    }
    const topRung = LADDER.at(-1) as LadderRung;
    const described = await describe(topRung, top, video.fileUrl);
    if (!described) throw new PermanentJobError('The rendition has no video');
    ladder.push(described);
    if (!(await saveLadder(db, videoId, video.fileUrl, ladder))) {
      for (const key of stored) await storage.remove(key);
      return null;
    }
    stored.length = 0;
    return ladder;
  } catch (error) {
    for (const key of stored) await storage.remove(key).catch(() => undefined);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * One backfill step: ladder jobs for up to BACKFILL_BATCH videos without a ladder, then, when
 * there may be more, the next step (so one step never holds a huge batch).
 */
export async function backfillStep(db: Database): Promise<number> {
  const ids = await listVideosWithoutLadder(db, BACKFILL_BATCH);
  for (const id of ids) await enqueueLadder(db, id);
  if (ids.length === BACKFILL_BATCH) {
    await enqueueJob(db, VIDEO_LADDER_QUEUE, { backfill: true }, { maxAttempts: 3 });
  }
  return ids.length;
}

export function createLadderWorker(deps: LadderDeps): Worker {
  async function run(job: JobRow): Promise<void> {
    const payload = job.payload as Partial<{ videoId: string; backfill: boolean }>;
    if (payload.backfill) {
      const count = await backfillStep(deps.db);
      if (count > 0) deps.log.info({ count }, 'ladder backfill enqueued');
      return;
    }
    if (!payload.videoId) throw new PermanentJobError('No video in the payload');
    await buildLadder(deps, payload.videoId);
  }
  return createWorker({
    db: deps.db,
    queue: VIDEO_LADDER_QUEUE,
    handler: { run },
    log: deps.log,
    ...(deps.leaseMs === undefined ? {} : { leaseMs: deps.leaseMs }),
    ...(deps.pollMs === undefined ? {} : { pollMs: deps.pollMs }),
    ...(deps.backoffMs === undefined ? {} : { backoffMs: deps.backoffMs }),
  });
}
