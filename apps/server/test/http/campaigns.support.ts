/** Arranging campaign states for the campaigns-* tests: entries as upload would leave them. */
import { submissions, transactions } from '../../src/db/schema';
import type { TestApp } from '../support/app';
import { createVideo, type VideoOverrides } from '../support/factories';

type Campaign = { id: string; brandId: string; payoutPerVideoCents: number };

/** A creator's processed video entered into the campaign, waiting for the brand. */
export async function submitEntry(
  t: TestApp,
  campaign: Campaign,
  creatorId: string,
  video: VideoOverrides = {},
  decided?: 'approved_by_brand',
) {
  const db = t.database.db;
  const row = await createVideo(db, { creatorId, campaignId: campaign.id, ...video });
  const [submission] = await db
    .insert(submissions)
    .values({
      campaignId: campaign.id,
      creatorId,
      videoId: row.id,
      status: decided ?? 'submitted',
      decidedAt: decided ? new Date() : null,
    })
    .returning();
  if (!submission) throw new Error('insert into submissions returned no row');
  return { video: row, submission };
}

/** A booking already made on the campaign (as an earlier approval would have). */
export async function bookPayout(t: TestApp, campaign: Campaign, creatorId: string) {
  const db = t.database.db;
  const video = await createVideo(db, { creatorId, campaignId: campaign.id, status: 'approved' });
  const [row] = await db
    .insert(transactions)
    .values({
      campaignId: campaign.id,
      videoId: video.id,
      brandId: campaign.brandId,
      creatorId,
      amountCents: campaign.payoutPerVideoCents,
      type: 'booking',
    })
    .returning();
  if (!row) throw new Error('insert into transactions returned no row');
  return row;
}
