/**
 * The engagement rows of the demo history (videos' demo-engagement.ts builds them): the engagement
 * module owns view_events, likes and shares (decision 028), so the demo writes them through here.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { likes, shares, viewEvents } from '../../db/schema/engagement';

export type DemoViewWindow = typeof viewEvents.$inferInsert;
export type DemoLike = typeof likes.$inferInsert;
export type DemoShare = typeof shares.$inferInsert;

/** True when any of the videos already has a view window. */
export async function anyViewWindows(tx: Database, videoIds: string[]): Promise<boolean> {
  return (await tx.$count(viewEvents, inArray(viewEvents.videoId, videoIds))) > 0;
}

/** Inserts the demo rows (windows in batches of 1000; a like or share already there is kept). */
export async function insertDemoEngagementRows(
  tx: Database,
  windows: DemoViewWindow[],
  likeRows: DemoLike[],
  shareRows: DemoShare[],
): Promise<void> {
  for (let start = 0; start < windows.length; start += 1000)
    await tx.insert(viewEvents).values(windows.slice(start, start + 1000));
  if (likeRows.length > 0) await tx.insert(likes).values(likeRows).onConflictDoNothing();
  if (shareRows.length > 0) await tx.insert(shares).values(shareRows).onConflictDoNothing();
}
