/**
 * Likes, shares and reports by signed-in users (SPEC.md §2 Feed, §6; DESIGN.md §3). The likes and
 * shares rows are the truth: each counter on `videos` moves (through the videos service) in the same
 * transaction as the row it counts, and only when a row was really added or removed, so it always
 * equals the rows.
 */
import {
  FEED_MESSAGES,
  type LikeState,
  type MyReport,
  REQUEST_MESSAGES,
  type ReportResult,
} from '@adreel/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { likes, shares } from '../../db/schema/engagement';
import { notFound } from '../../platform/errors';
import { type Actor, authorize } from '../../platform/policy';
import {
  findOpenReport,
  insertOpenReport,
  listReportsBy,
  type ReportRow,
} from '../reports/reports.service';
import {
  countLike,
  countShare,
  findVideoTitles,
  liveVideoLikes,
  videoShareCount,
} from '../videos/videos.service';
import { mayEngage } from './engagement.policy';

export const VIDEO_NOT_FOUND = REQUEST_MESSAGES.videoNotFound;

/** The video while it is live (approved), or a 404: only live videos take likes, shares, reports. */
async function approvedVideo(tx: Database, videoId: string): Promise<{ likes: number }> {
  const likes = await liveVideoLikes(tx, videoId);
  if (likes === null) throw notFound(VIDEO_NOT_FOUND);
  return { likes };
}

/** Likes a video once; liking again changes nothing. */
export function likeVideo(db: Database, actor: Actor, videoId: string): Promise<LikeState> {
  authorize(mayEngage(actor));
  const { userId } = actor;
  return db.transaction(async (tx) => {
    const video = await approvedVideo(tx, videoId);
    const added = await tx
      .insert(likes)
      .values({ userId, videoId })
      .onConflictDoNothing()
      .returning({ videoId: likes.videoId });
    if (added.length === 0) return { liked: true, likes: video.likes };
    const counted = await countLike(tx, videoId, 1);
    return { liked: true, likes: counted ?? video.likes + 1 };
  });
}

/** Takes a like back; unliking what was not liked changes nothing. Works on any status. */
export function unlikeVideo(db: Database, actor: Actor, videoId: string): Promise<LikeState> {
  authorize(mayEngage(actor));
  const { userId } = actor;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.userId, userId), eq(likes.videoId, videoId)))
      .returning({ videoId: likes.videoId });
    if (removed.length === 0) {
      const video = await approvedVideo(tx, videoId);
      return { liked: false, likes: video.likes };
    }
    return { liked: false, likes: (await countLike(tx, videoId, -1)) ?? 0 };
  });
}

/**
 * Logs a share (SPEC.md §6: only signed-in shares are logged), once per user and video (SPEC.md §3
 * `shares: user_id, video_id`; issue 16): sharing again answers the same shape with the counter
 * unchanged. Race-safe through the unique key shares_user_video_once.
 */
export function shareVideo(
  db: Database,
  actor: Actor,
  videoId: string,
): Promise<{ shares: number }> {
  authorize(mayEngage(actor));
  const { userId } = actor;
  return db.transaction(async (tx) => {
    await approvedVideo(tx, videoId);
    const added = await tx
      .insert(shares)
      .values({ userId, videoId })
      .onConflictDoNothing({ target: [shares.userId, shares.videoId] })
      .returning({ id: shares.id });
    if (added.length === 0) return { shares: (await videoShareCount(tx, videoId)) ?? 0 };
    return { shares: (await countShare(tx, videoId)) ?? 0 };
  });
}

/**
 * Files a report, once: while the reporter's report on this video is open, a repeat changes nothing
 * and answers with that report (`alreadyReported`). Race-safe through the partial unique index
 * reports_open_once: of two inserts at once, the second waits for the first to commit and then
 * inserts nothing, and reads the first's row.
 */
export async function reportVideo(
  db: Database,
  actor: Actor,
  videoId: string,
  reason: string,
): Promise<ReportResult> {
  authorize(mayEngage(actor));
  const reporterId = actor.userId;
  const shape = (report: ReportRow, alreadyReported: boolean): ReportResult => ({
    id: report.id,
    videoId: report.videoId,
    reason: report.reason,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    alreadyReported,
    message: alreadyReported ? FEED_MESSAGES.reportAlreadyFiled : FEED_MESSAGES.reportSubmitted,
  });
  // A second try only if the open report an insert ran into was closed before it could be read.
  for (let attempt = 0; ; attempt += 1) {
    const result = await db.transaction(async (tx) => {
      await approvedVideo(tx, videoId);
      const report = await insertOpenReport(tx, { videoId, reporterId, reason });
      if (report) return shape(report, false);
      const open = await findOpenReport(tx, videoId, reporterId);
      return open ? shape(open, true) : null;
    });
    if (result || attempt >= 2) {
      if (!result) throw new Error('the open report could not be inserted nor read');
      return result;
    }
  }
}

/** The reporter's own reports, newest first, with what became of each. */
export async function listMyReports(db: Database, actor: Actor): Promise<MyReport[]> {
  authorize(mayEngage(actor));
  const rows = await listReportsBy(db, actor.userId);
  const titles = await findVideoTitles(
    db,
    rows.map((report) => report.videoId),
  );
  // As an inner join would: a report whose video went meanwhile (reports cascade with it) is left out.
  return rows.flatMap((report) => {
    const videoTitle = titles.get(report.videoId);
    if (videoTitle === undefined) return [];
    return [
      {
        id: report.id,
        videoId: report.videoId,
        reason: report.reason,
        status: report.status,
        createdAt: report.createdAt.toISOString(),
        videoTitle,
        resolvedAt: report.resolvedAt?.toISOString() ?? null,
      },
    ];
  });
}
