/**
 * Likes, shares and reports by signed-in users (SPEC.md §2 Feed, §6; DESIGN.md §3). The likes and
 * shares rows are the truth: each counter on `videos` moves in the same transaction as the row it
 * counts, and only when a row was really added or removed, so it always equals the rows.
 */
import type { LikeState, MyReport } from '@adreel/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { likes, reports, shares, videos } from '../../db/schema';
import { notFound } from '../../platform/errors';

export const VIDEO_NOT_FOUND = 'Video not found';

/** The video while it is live (approved), or a 404: only live videos take likes, shares, reports. */
async function approvedVideo(tx: Database, videoId: string): Promise<{ likes: number }> {
  const [video] = await tx
    .select({ likes: videos.likes })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.status, 'approved')));
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  return video;
}

/** Likes a video once; liking again changes nothing. */
export function likeVideo(db: Database, userId: string, videoId: string): Promise<LikeState> {
  return db.transaction(async (tx) => {
    const video = await approvedVideo(tx, videoId);
    const added = await tx
      .insert(likes)
      .values({ userId, videoId })
      .onConflictDoNothing()
      .returning({ videoId: likes.videoId });
    if (added.length === 0) return { liked: true, likes: video.likes };
    const [row] = await tx
      .update(videos)
      .set({ likes: sql`${videos.likes} + 1` })
      .where(eq(videos.id, videoId))
      .returning({ likes: videos.likes });
    return { liked: true, likes: row?.likes ?? video.likes + 1 };
  });
}

/** Takes a like back; unliking what was not liked changes nothing. Works on any status. */
export function unlikeVideo(db: Database, userId: string, videoId: string): Promise<LikeState> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.userId, userId), eq(likes.videoId, videoId)))
      .returning({ videoId: likes.videoId });
    if (removed.length === 0) {
      const video = await approvedVideo(tx, videoId);
      return { liked: false, likes: video.likes };
    }
    const [row] = await tx
      .update(videos)
      .set({ likes: sql`greatest(${videos.likes} - 1, 0)` })
      .where(eq(videos.id, videoId))
      .returning({ likes: videos.likes });
    return { liked: false, likes: row?.likes ?? 0 };
  });
}

/** Logs a share (SPEC.md §6: only signed-in shares are logged); each share counts. */
export function shareVideo(
  db: Database,
  userId: string,
  videoId: string,
): Promise<{ shares: number }> {
  return db.transaction(async (tx) => {
    await approvedVideo(tx, videoId);
    await tx.insert(shares).values({ userId, videoId });
    const [row] = await tx
      .update(videos)
      .set({ shares: sql`${videos.shares} + 1` })
      .where(eq(videos.id, videoId))
      .returning({ shares: videos.shares });
    return { shares: row?.shares ?? 0 };
  });
}

export async function reportVideo(
  db: Database,
  reporterId: string,
  videoId: string,
  reason: string,
) {
  return db.transaction(async (tx) => {
    await approvedVideo(tx, videoId);
    const [report] = await tx.insert(reports).values({ videoId, reporterId, reason }).returning();
    if (!report) throw new Error('insert into reports returned no row');
    return {
      id: report.id,
      videoId: report.videoId,
      reason: report.reason,
      status: report.status,
      createdAt: report.createdAt.toISOString(),
    };
  });
}

/** The reporter's own reports, newest first, with what became of each. */
export async function listMyReports(db: Database, reporterId: string): Promise<MyReport[]> {
  const rows = await db
    .select({ report: reports, videoTitle: videos.title })
    .from(reports)
    .innerJoin(videos, eq(videos.id, reports.videoId))
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id));
  return rows.map(({ report, videoTitle }) => ({
    id: report.id,
    videoId: report.videoId,
    reason: report.reason,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    videoTitle,
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  }));
}
