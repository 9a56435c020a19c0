/**
 * The `videos` table's writes (issue 15: only the videos module touches its rows): the lifecycle's
 * status changes, the engagement counters, processing's results and purged media. videos.service.ts
 * calls them with the caller's transaction; process-video.job.ts and video-media.ts directly.
 */
import type { VideoStatus } from '@adreel/domain';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/videos';

/** What the audit log names of a video whose state changed. */
const changed = { id: videos.id, title: videos.title, creatorId: videos.creatorId };
export type ChangedVideo = { id: string; title: string; creatorId: string };

/** An upload registered: the video waits for processing; returns its id. */
export async function insertUploadedVideo(
  tx: Database,
  values: Omit<typeof videos.$inferInsert, 'status'>,
): Promise<string> {
  const [video] = await tx
    .insert(videos)
    .values({ ...values, status: 'processing' })
    .returning({ id: videos.id });
  if (!video) throw new Error('insert into videos returned no row');
  return video.id;
}

/** The admin's approval: a pending video is published now. */
export async function approvePendingVideo(tx: Database, id: string): Promise<ChangedVideo | null> {
  const [row] = await tx
    .update(videos)
    .set({ status: 'approved', publishedAt: sql`now()` })
    .where(and(eq(videos.id, id), eq(videos.status, 'pending')))
    .returning(changed);
  return row ?? null;
}

/** The brand's approval: published if it was not yet, keeping an earlier publication time. */
export async function publishApprovedEntry(tx: Database, id: string): Promise<boolean> {
  const rows = await tx
    .update(videos)
    .set({ status: 'approved', publishedAt: sql`coalesce(${videos.publishedAt}, now())` })
    .where(and(eq(videos.id, id), inArray(videos.status, ['pending', 'approved'])))
    .returning({ id: videos.id });
  return rows.length > 0;
}

export async function markRejected(
  tx: Database,
  id: string,
  from: readonly VideoStatus[],
): Promise<ChangedVideo | null> {
  const [row] = await tx
    .update(videos)
    .set({ status: 'rejected', featured: false })
    .where(and(eq(videos.id, id), inArray(videos.status, [...from])))
    .returning(changed);
  return row ?? null;
}

export async function setFeatured(
  tx: Database,
  id: string,
  featured: boolean,
): Promise<ChangedVideo | null> {
  const [row] = await tx
    .update(videos)
    .set({ featured })
    .where(and(eq(videos.id, id), eq(videos.status, 'approved')))
    .returning(changed);
  return row ?? null;
}

/** A deleted account's live, pending and processing videos are rejected; returns their ids. */
export async function rejectCreatorVideos(tx: Database, creatorId: string): Promise<string[]> {
  const rows = await tx
    .update(videos)
    .set({ status: 'rejected', featured: false })
    .where(
      and(
        eq(videos.creatorId, creatorId),
        inArray(videos.status, ['approved', 'pending', 'processing']),
      ),
    )
    .returning({ id: videos.id });
  return rows.map((row) => row.id);
}

export async function findVideoStatus(tx: Database, id: string): Promise<VideoStatus | null> {
  const [row] = await tx.select({ status: videos.status }).from(videos).where(eq(videos.id, id));
  return row?.status ?? null;
}

/** The like counter of a live (approved) video, or null when it is not live. */
export async function findLiveVideoLikes(tx: Database, id: string): Promise<number | null> {
  const [row] = await tx
    .select({ likes: videos.likes })
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.status, 'approved')));
  return row ? row.likes : null;
}

/** Moves the like counter of one video by +1 or -1 (never below 0); returns it, or null. */
export async function bumpLikes(tx: Database, id: string, by: 1 | -1): Promise<number | null> {
  const [row] = await tx
    .update(videos)
    .set({
      likes: by === 1 ? sql`${videos.likes} + 1` : sql`greatest(${videos.likes} - 1, 0)`,
    })
    .where(eq(videos.id, id))
    .returning({ likes: videos.likes });
  return row ? row.likes : null;
}

/** One like less on each of these videos (never below 0). */
export async function dropOneLikeEach(tx: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(videos)
    .set({ likes: sql`greatest(${videos.likes} - 1, 0)` })
    .where(inArray(videos.id, [...ids]));
}

export async function addShare(tx: Database, id: string): Promise<number | null> {
  const [row] = await tx
    .update(videos)
    .set({ shares: sql`${videos.shares} + 1` })
    .where(eq(videos.id, id))
    .returning({ shares: videos.shares });
  return row ? row.shares : null;
}

export async function dropShares(tx: Database, id: string, count: number): Promise<void> {
  await tx
    .update(videos)
    .set({ shares: sql`greatest(${videos.shares} - ${count}, 0)` })
    .where(eq(videos.id, id));
}

export async function setCampaign(tx: Database, id: string, campaignId: string): Promise<void> {
  await tx.update(videos).set({ campaignId }).where(eq(videos.id, id));
}

/** How far processing is (0–100), while the video is still processing. */
export async function setProcessingProgress(
  db: Database,
  id: string,
  percent: number,
): Promise<void> {
  await db
    .update(videos)
    .set({ processingProgress: Math.max(0, Math.min(100, Math.round(percent))) })
    .where(and(eq(videos.id, id), eq(videos.status, 'processing')));
}

/** Processing finished: the renditions are stored and the video waits for review. */
export async function markProcessed(
  db: Database,
  id: string,
  media: { fileUrl: string; thumbUrl: string; durationSec: number },
): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set({ status: 'pending', ...media, failureReason: null, processingProgress: 100 })
    .where(and(eq(videos.id, id), eq(videos.status, 'processing')))
    .returning({ id: videos.id });
  return rows.length > 0;
}

/** Processing gave up: the video says why. */
export async function markProcessingFailed(
  db: Database,
  id: string,
  failureReason: string,
): Promise<void> {
  await db
    .update(videos)
    .set({ status: 'failed', failureReason })
    .where(and(eq(videos.id, id), eq(videos.status, 'processing')));
}

/** Rejected videos still naming media files (one, or up to 500), for purging. */
export function listRejectedWithMedia(db: Database, videoId?: string) {
  return db
    .select({ id: videos.id, fileUrl: videos.fileUrl, thumbUrl: videos.thumbUrl })
    .from(videos)
    .where(
      and(
        eq(videos.status, 'rejected'),
        or(isNotNull(videos.fileUrl), isNotNull(videos.thumbUrl)),
        videoId ? eq(videos.id, videoId) : sql`true`,
      ),
    )
    .limit(500);
}

/** A rejected video's files are gone: its row no longer names them. */
export async function clearRejectedMedia(db: Database, id: string): Promise<void> {
  await db
    .update(videos)
    .set({ fileUrl: null, thumbUrl: null, renditions: null })
    .where(and(eq(videos.id, id), eq(videos.status, 'rejected')));
}
