/**
 * A video's campaign entry, as the videos module's lifecycle moves it, in the caller's transaction:
 * an upload enters a campaign that takes entries (SPEC.md §4; videos/upload.service.ts), and an
 * admin's rejection closes a submitted entry (DESIGN.md §3; videos/videos.service.ts). Imports
 * nothing of the videos module, which calls it.
 */
import type { Database } from '../../db/client';
import { closeSubmittedEntry, insertSubmission, lockOpenCampaign } from './campaigns.queries';

/** True when the campaign takes entries now; it stays so until the caller's transaction ends. */
export function holdOpenCampaign(tx: Database, campaignId: string): Promise<boolean> {
  return lockOpenCampaign(tx, campaignId);
}

export function enterCampaign(
  tx: Database,
  entry: { campaignId: string; creatorId: string; videoId: string },
): Promise<void> {
  return insertSubmission(tx, entry);
}

/** An admin rejected the video: its entry, if still waiting for the brand, is rejected too. */
export function closeEntryOfRejectedVideo(tx: Database, videoId: string): Promise<void> {
  return closeSubmittedEntry(tx, videoId);
}
