/**
 * Moderation rules shared by the admin's video actions and report handling (SPEC.md §4: admin
 * reject; DESIGN.md §3: rejecting a submitted video closes its submission, no payout can follow).
 * Runs in the caller's transaction, so the audit row and the change commit together.
 */
import type { VideoStatus } from '@adreel/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { submissions, videos } from '../../db/schema';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { invalidateFeedCaches } from '../feed/feed.cache';

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
  const [row] = await tx
    .update(videos)
    .set({ status: 'rejected', featured: false })
    .where(and(eq(videos.id, input.videoId), inArray(videos.status, [...input.from])))
    .returning({ id: videos.id, title: videos.title, creatorId: videos.creatorId });
  if (!row) return null;
  // Out of the feed: signed-out viewers' cached pages go (feed.cache.ts; at most 1 s stale anyway).
  invalidateFeedCaches();
  await recordAudit(tx, {
    actor: input.actor,
    action: 'video.reject',
    targetType: 'video',
    targetId: row.id,
    details: { title: row.title, creatorId: row.creatorId, ...input.details },
  });
  await tx
    .update(submissions)
    .set({ status: 'rejected_by_admin', decidedAt: sql`now()` })
    .where(and(eq(submissions.videoId, row.id), eq(submissions.status, 'submitted')));
  return row;
}
