/**
 * Failed and stuck processing jobs for admins (issue 17 item 5): which video, whose, why, and a
 * retry. A video whose processing failed for good keeps its original (process-video.job.ts), so a
 * retry processes the same bytes again; the retry is audited.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { JOB_TEXTS, type ProcessingJob } from '@adreel/domain';
import { and, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { videos } from '../../db/schema/videos';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import { type JobRow, listTroubledJobs, requeueTroubledJob } from '../../platform/jobs/queue';
import { authorize } from '../../platform/policy';
import { accountDirectory } from '../auth/auth.directory';
import { removeOriginal, uploadsDir } from './process-video.job';
import { PROCESS_VIDEO_QUEUE, type ProcessVideoPayload } from './upload.service';
import { mayManageProcessingJobs } from './videos.policy';
import { listVideosById } from './videos.queries';

export async function listProcessingJobs(
  db: Database,
  actor: AuditActor,
): Promise<ProcessingJob[]> {
  authorize(mayManageProcessingJobs(actor));
  const rows = await listTroubledJobs(db, PROCESS_VIDEO_QUEUE);
  const found = await listVideosById(
    db,
    rows.map((row) => (row.payload as ProcessVideoPayload).videoId),
  );
  const byId = new Map(found.map((video) => [video.id, video]));
  return rows.map((row) =>
    toProcessingJob(row, byId.get((row.payload as ProcessVideoPayload).videoId)),
  );
}

function toProcessingJob(
  row: JobRow,
  video: { title: string; creator: { displayName: string; username: string } } | undefined,
): ProcessingJob {
  const { videoId } = row.payload as ProcessVideoPayload;
  const at = row.state === 'failed' ? row.finishedAt : row.lockedUntil;
  return {
    id: row.id,
    state: row.state === 'failed' ? 'failed' : 'stuck',
    videoId,
    videoTitle: video?.title ?? null,
    creator: video ? video.creator.displayName || video.creator.username : null,
    reason: row.lastError,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    at: (at ?? row.createdAt).toISOString(),
  };
}

/**
 * Queues a failed or stuck processing job again and puts its video back to processing, audited;
 * refused (409) for any other job, a video that no longer waits for processing, or a lost original.
 */
export async function retryProcessingJob(
  db: Database,
  config: Config,
  actor: AuditActor,
  jobId: string,
): Promise<void> {
  authorize(mayManageProcessingJobs(actor));
  await db.transaction(async (tx) => {
    const job = await requeueTroubledJob(tx, PROCESS_VIDEO_QUEUE, jobId);
    if (!job) throw conflict(JOB_TEXTS.notRetryable, 'job_not_retryable');
    const { videoId, uploadId } = job.payload as ProcessVideoPayload;
    const [video] = await tx
      .update(videos)
      .set({ status: 'processing', failureReason: null, processingProgress: null })
      .where(and(eq(videos.id, videoId), inArray(videos.status, ['failed', 'processing'])))
      .returning({ id: videos.id, title: videos.title, creatorId: videos.creatorId });
    if (!video) throw conflict(JOB_TEXTS.videoGone, 'video_not_processing');
    try {
      await stat(path.join(uploadsDir(config), path.basename(uploadId)));
    } catch {
      throw conflict(JOB_TEXTS.originalGone, 'original_gone');
    }
    await recordAudit(tx, {
      actor,
      action: 'job.retry',
      targetType: 'video',
      targetId: videoId,
      details: {
        jobId,
        title: video.title,
        creatorId: video.creatorId,
        state: job.state,
        lastError: job.lastError,
        attempts: job.attempts,
      },
    });
  });
}

/** Kept originals go a day before their failed job is pruned (pruneFinishedJobs: 30 days). */
export const KEEP_FAILED_ORIGINALS_DAYS = 29;

/**
 * Deletes the originals kept for a retry of failed processing jobs (hourly maintenance) once no
 * retry can use them:
 * - the job failed more than KEEP_FAILED_ORIGINALS_DAYS ago: once it is pruned, nothing would claim
 *   the file, and the upload recovery (recoverFinishedUploads) would register it anew;
 * - at the next run when the video no longer waits for processing (deleted, or no longer failed:
 *   Retry refuses it) or its creator closed their account: a deleted person's upload is not kept
 *   for a month (and Retry then refuses the job: the original is gone).
 */
export async function removeStaleFailedOriginals(db: Database, config: Config): Promise<number> {
  const stale = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .leftJoin(videos, sql`${videos.id}::text = ${jobs.payload}->>'videoId'`)
    .leftJoin(accountDirectory, eq(accountDirectory.userId, videos.creatorId))
    .where(
      and(
        eq(jobs.queue, PROCESS_VIDEO_QUEUE),
        eq(jobs.state, 'failed'),
        or(
          lt(jobs.finishedAt, sql`now() - ${`${KEEP_FAILED_ORIGINALS_DAYS} days`}::interval`),
          isNull(videos.id),
          notInArray(videos.status, ['failed', 'processing']),
          isNotNull(accountDirectory.deletedAt),
        ),
      ),
    );
  let removed = 0;
  for (const { payload } of stale) {
    const { uploadId } = payload as ProcessVideoPayload;
    try {
      await stat(path.join(uploadsDir(config), path.basename(uploadId)));
    } catch {
      continue;
    }
    await removeOriginal(config, uploadId);
    removed += 1;
  }
  return removed;
}
