/**
 * A creator's upload entered into a campaign (SPEC.md §4), in the upload's transaction
 * (videos/upload.service.ts): the campaign must take entries, and the entry waits for the brand.
 * Imports nothing of the videos module, which calls it.
 */
import type { Database } from '../../db/client';
import { insertSubmission, lockOpenCampaign } from './campaigns.queries';

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
