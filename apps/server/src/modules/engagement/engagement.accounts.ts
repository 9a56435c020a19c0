/**
 * What other modules ask the engagement module about one account's activity. The engagement module
 * owns likes, shares and view_events (db/schema/engagement.ts); other modules call these, never
 * import those tables. Caller today: account-data, exporting and deleting an account.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { likes, shares, viewEvents } from '../../db/schema/engagement';
import { uncountEngagement } from '../videos/videos.service';

/**
 * Deletes the account's likes and shares, the videos' counters following the rows (through the
 * videos service), and keeps its view windows without the person: no user, no IP, a viewer key of
 * the row's own. Pass the deletion's transaction.
 */
export async function deleteAccountEngagement(tx: Database, userId: string): Promise<void> {
  const liked = await tx
    .delete(likes)
    .where(eq(likes.userId, userId))
    .returning({ videoId: likes.videoId });
  const shared = await tx
    .delete(shares)
    .where(eq(shares.userId, userId))
    .returning({ videoId: shares.videoId });
  const sharesByVideo = new Map<string, number>();
  for (const row of shared)
    sharesByVideo.set(row.videoId, (sharesByVideo.get(row.videoId) ?? 0) + 1);
  await uncountEngagement(
    tx,
    liked.map((row) => row.videoId),
    sharesByVideo,
  );
  await tx
    .update(viewEvents)
    .set({ userId: null, ip: null, viewerKey: sql`'x:' || ${viewEvents.id}::text` })
    .where(eq(viewEvents.userId, userId));
}

/** The videos the account liked and when, in no particular order (its data export). */
export function exportLikes(db: Database, userId: string) {
  return db
    .select({ videoId: likes.videoId, createdAt: likes.createdAt })
    .from(likes)
    .where(eq(likes.userId, userId));
}

/** The videos the account shared and when, in no particular order (its data export). */
export function exportShares(db: Database, userId: string) {
  return db
    .select({ videoId: shares.videoId, createdAt: shares.createdAt })
    .from(shares)
    .where(eq(shares.userId, userId));
}

/** How many view windows are recorded under the account (its data export counts, never lists). */
export function countViewsRecorded(db: Database, userId: string): Promise<number> {
  return db.$count(viewEvents, eq(viewEvents.userId, userId));
}
