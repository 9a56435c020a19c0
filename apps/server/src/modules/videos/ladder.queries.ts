/**
 * The rendition ladder's rows (issue 20, decision 033): which videos have one, which still need
 * one, and writing it. The ladder job and its backfill are the only callers.
 */
import type { VideoRendition } from '@adreel/domain';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { videos } from '../../db/schema/videos';
import { enqueueJob, type JobRow } from '../../platform/jobs/queue';

/** The queue of the ladder job (one per video) and of its backfill (one for all). */
export const VIDEO_LADDER_QUEUE = 'video.ladder';

/** Statuses whose video has its rendition and may be shown: those that get a ladder. */
const WITH_MEDIA = ['pending', 'approved'] as const;

export interface LadderSubject {
  id: string;
  status: string;
  fileUrl: string | null;
  renditions: VideoRendition[] | null;
}

export async function findLadderSubject(
  db: Database,
  videoId: string,
): Promise<LadderSubject | null> {
  const [row] = await db
    .select({
      id: videos.id,
      status: videos.status,
      fileUrl: videos.fileUrl,
      renditions: videos.renditions,
    })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row ?? null;
}

/**
 * Writes the ladder if the video still has the rendition it was made from and still may be shown;
 * false otherwise (rejected, deleted or processed again meanwhile: the caller removes its files).
 */
export async function saveLadder(
  db: Database,
  videoId: string,
  fromFileUrl: string,
  ladder: VideoRendition[],
): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set({ renditions: ladder })
    .where(
      and(
        eq(videos.id, videoId),
        eq(videos.fileUrl, fromFileUrl),
        inArray(videos.status, [...WITH_MEDIA]),
      ),
    )
    .returning({ id: videos.id });
  return rows.length > 0;
}

/**
 * Up to `limit` videos with a rendition and no ladder, that no ladder job is queued or running
 * for: what the backfill enqueues.
 */
export async function listVideosWithoutLadder(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        isNull(videos.renditions),
        isNotNull(videos.fileUrl),
        inArray(videos.status, [...WITH_MEDIA]),
        sql`not exists (select 1 from ${jobs} j where j.queue = ${VIDEO_LADDER_QUEUE}
          and j.state in ('queued', 'running') and j.payload->>'videoId' = ${videos.id}::text)`,
      ),
    )
    .orderBy(videos.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Whether a backfill job is queued or running (one at a time is enough). */
export async function backfillPending(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.queue, VIDEO_LADDER_QUEUE),
        inArray(jobs.state, ['queued', 'running']),
        sql`${jobs.payload}->>'backfill' = 'true'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The ladder job for one video (after its processing, or from the backfill); given its creator,
 * the job takes its fair turn among other creators' (decision 037).
 */
export function enqueueLadder(db: Database, videoId: string, ownerId?: string): Promise<JobRow> {
  return enqueueJob(
    db,
    VIDEO_LADDER_QUEUE,
    { videoId },
    { maxAttempts: 3, ...(ownerId ? { ownerId } : {}) },
  );
}
