/**
 * The video lifecycle (issue 15: one owner of the `videos` table). Upload and processing register
 * and finish a video (upload.service.ts, process-video.job.ts); here it is approved by an admin or
 * a brand, rejected, featured, removed after a report, withdrawn with its creator's account, and
 * its counters move with engagement. Other modules call these functions, never the table, and
 * every change to what the feed shows clears the signed-out feed cache here (feed.cache.ts).
 * Functions taking `tx` run in the caller's transaction, so the audit row and the change commit
 * together (SPEC.md §4: admin reject; DESIGN.md §3: rejecting a submitted video closes its
 * submission, no payout can follow).
 */
import type { Video, VideoStatus } from '@adreel/domain';
import { REQUEST_MESSAGES } from '@adreel/domain';
import type { Database } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { type Actor, authorize } from '../../platform/policy';
import type { Storage } from '../../platform/storage/storage';
import { closeEntryOfRejectedVideo } from '../campaigns/entries.service';
import { invalidateFeedCaches } from '../feed/feed.cache';
import {
  addShare,
  approvePendingVideo,
  bumpLikes,
  dropOneLikeEach,
  dropShares,
  findLiveVideoLikes,
  findVideoStatus,
  markRejected,
  publishApprovedEntry,
  rejectCreatorVideos,
  setCampaign,
  setFeatured,
} from './lifecycle.queries';
import { purgeRejectedMedia } from './video-media';
import { type MailSettings, videoRejectedMail } from './videos.mail';
import { mayModerateVideos, mayUseCreatorArea } from './videos.policy';
import {
  countVideosWithStatus,
  creatorContact,
  creatorVideoTotals,
  findVideo,
  findVideoTitles,
  hasPublishedVideo,
  listCreatorVideoRows,
  listCreatorVideos,
  listLiveDemoVideos,
  listRecentPublished,
  listVideosById,
  listVideosByStatus,
  publishedVideoTotals,
} from './videos.queries';

/** Where a media clean-up that can be retried later reports its failure. */
export interface WarnLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** What a change of a video's place in the feed calls (signed-out viewers' cached pages go). */
function feedChanged(): void {
  invalidateFeedCaches();
}

// Reading.
export {
  creatorVideoTotals,
  findVideo,
  findVideoStatus,
  findVideoTitles,
  hasPublishedVideo,
  listCreatorVideoRows,
  listRecentPublished,
  listVideosById,
  publishedVideoTotals,
};

/** My Videos: the caller's own videos, newest first. */
export async function listOwnVideos(db: Database, actor: Actor): Promise<Video[]> {
  authorize(mayUseCreatorArea(actor));
  return listCreatorVideos(db, actor.userId);
}

/** The admin's review: videos with one status, with their creators, newest first. */
export async function listVideosForReview(
  db: Database,
  actor: Actor,
  status: VideoStatus,
): Promise<Video[]> {
  authorize(mayModerateVideos(actor));
  return listVideosByStatus(db, status);
}

export function countPendingVideos(db: Database): Promise<number> {
  return countVideosWithStatus(db, 'pending');
}

export interface RejectVideo {
  videoId: string;
  actor: AuditActor;
  /** The statuses a rejection may start from: review rejects pending ones; a report, live ones. */
  from: readonly VideoStatus[];
  /** Why, for the audit log (e.g. the report that led to it). */
  details?: Record<string, unknown>;
}

/** Rejects the video if its status allows; returns it, or null when nothing changed. */
export async function rejectVideo(tx: Database, input: RejectVideo) {
  authorize(mayModerateVideos(input.actor));
  const row = await markRejected(tx, input.videoId, input.from);
  if (!row) return null;
  // Out of the feed (at most FEED_CACHE_MS stale anyway).
  feedChanged();
  await recordAudit(tx, {
    actor: input.actor,
    action: 'video.reject',
    targetType: 'video',
    targetId: row.id,
    details: { title: row.title, creatorId: row.creatorId, ...input.details },
  });
  await closeEntryOfRejectedVideo(tx, row.id);
  return row;
}

/**
 * Mails a rejected video's creator (issue 18), with the admin's reason when given: after review
 * (not approved) or after a report (removed). In the caller's transaction; no one to tell once the
 * account is closed.
 */
export async function tellCreatorRejected(
  tx: Database,
  video: { title: string; creatorId: string },
  why: { reason?: string; afterReport?: boolean },
  settings: MailSettings,
): Promise<void> {
  const creator = await creatorContact(tx, video.creatorId);
  if (!creator) return;
  await enqueueMail(
    tx,
    videoRejectedMail(
      { to: creator.email, creatorName: creator.name, videoTitle: video.title, ...why },
      settings,
    ),
  );
}

/**
 * The admin's review of a pending video: approved (published now) or rejected (media purged). A
 * rejection mails the creator, with the admin's reason when given (issue 18), in its transaction.
 */
export async function moderateVideo(
  db: Database,
  storage: Storage,
  log: WarnLog,
  input: {
    videoId: string;
    decision: 'approved' | 'rejected';
    actor: AuditActor;
    reason?: string;
    mail: MailSettings;
  },
): Promise<Video> {
  const { videoId: id, decision, actor, reason } = input;
  authorize(mayModerateVideos(actor));
  const changed = await db.transaction(async (tx) => {
    if (decision === 'rejected') {
      const row = await rejectVideo(tx, {
        videoId: id,
        actor,
        from: ['pending'],
        details: reason ? { reason } : undefined,
      });
      if (!row) return false;
      await tellCreatorRejected(tx, row, { reason }, input.mail);
      return true;
    }
    const row = await approvePendingVideo(tx, id);
    if (!row) return false;
    await recordAudit(tx, {
      actor,
      action: 'video.approve',
      targetType: 'video',
      targetId: id,
      details: { title: row.title, creatorId: row.creatorId },
    });
    return true;
  });
  if (changed) feedChanged();
  if (changed && decision === 'rejected') {
    // Its media goes now; should storage fail, the row keeps its URLs for maintenance to retry.
    await purgeRejectedMedia(db, storage, id).catch((error: unknown) =>
      log.warn({ err: error, videoId: id }, 'media of a rejected video not removed yet'),
    );
  }
  const video = await findVideo(db, id);
  if (!video) throw notFound(REQUEST_MESSAGES.videoNotFound);
  if (!changed) throw conflict('Only a pending video can be approved or rejected', 'not_pending');
  return video;
}

/** The admin features or unfeatures an approved video. */
export async function featureVideo(
  db: Database,
  input: { videoId: string; featured: boolean; actor: AuditActor },
): Promise<Video> {
  const { videoId: id, featured, actor } = input;
  authorize(mayModerateVideos(actor));
  const row = await db.transaction(async (tx) => {
    const changed = await setFeatured(tx, id, featured);
    if (changed)
      await recordAudit(tx, {
        actor,
        action: featured ? 'video.feature' : 'video.unfeature',
        targetType: 'video',
        targetId: id,
        details: { title: changed.title, creatorId: changed.creatorId },
      });
    return changed;
  });
  if (row) feedChanged();
  const video = await findVideo(db, id);
  if (!video) throw notFound(REQUEST_MESSAGES.videoNotFound);
  if (!row) throw conflict('Only an approved video can be featured', 'not_approved');
  return video;
}

/**
 * A brand approved the campaign entry behind this video: it is published if it was not yet (an
 * admin's earlier publication time stays). In the brand's transaction.
 */
export async function publishBrandApprovedVideo(tx: Database, videoId: string): Promise<void> {
  if (await publishApprovedEntry(tx, videoId)) feedChanged();
}

/** A deleted account's videos leave the feed and review; returns their ids. In the caller's tx. */
export async function withdrawCreatorVideos(tx: Database, creatorId: string): Promise<string[]> {
  const ids = await rejectCreatorVideos(tx, creatorId);
  if (ids.length > 0) feedChanged();
  return ids;
}

// Engagement's counters: they move in the transaction of the likes or shares row they count. The
// feed cache is not cleared for them: signed-out viewers may see counters FEED_CACHE_MS old.

/** The like counter of a live (approved) video, or null when it is not live. */
export function liveVideoLikes(tx: Database, videoId: string): Promise<number | null> {
  return findLiveVideoLikes(tx, videoId);
}

/** One like more or less on the video's counter; returns the counter, or null if no such row. */
export function countLike(tx: Database, videoId: string, by: 1 | -1): Promise<number | null> {
  return bumpLikes(tx, videoId, by);
}

/** One share more on the video's counter; returns it, or null if no such row. */
export function countShare(tx: Database, videoId: string): Promise<number | null> {
  return addShare(tx, videoId);
}

// Metrics' counters and ranking's scores (issue 16; counters.queries.ts): counted traffic only.
export {
  applyWatchDeltas,
  findShareCount as videoShareCount,
  lockCounterRows,
  writeScores as writeVideoScores,
} from './counters.queries';

/** A deleted account's likes and shares leave the counters (one like per video; shares by count). */
export async function uncountEngagement(
  tx: Database,
  liked: readonly string[],
  sharesByVideo: ReadonlyMap<string, number>,
): Promise<void> {
  await dropOneLikeEach(tx, liked);
  for (const [videoId, count] of sharesByVideo) await dropShares(tx, videoId, count);
}

// The demo's campaign entries (campaigns/demo-campaigns.ts), in its transaction: a live demo video
// entered into a brief shows in the feed as before (its campaign is not part of a feed card).
export { listLiveDemoVideos };

export function enterDemoVideoInCampaign(
  tx: Database,
  videoId: string,
  campaignId: string,
): Promise<void> {
  return setCampaign(tx, videoId, campaignId);
}
