/**
 * A read model the campaigns module publishes for other modules' queries (decision 028): the
 * campaigns open for entries right now, by the same rule upload and the briefs apply
 * (campaignIsOpen), and a creator's booked earnings. The weekly digest uses them (the videos module the campaign titles) instead of
 * importing the campaigns tables or campaigns.queries.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { campaigns } from '../../db/schema/campaigns';
import { submissions, transactions } from '../../db/schema/submissions';
import { campaignIsOpen } from './campaigns.queries';

export const openCampaignsView = new QueryBuilder()
  .select({
    id: campaigns.id,
    brandId: campaigns.brandId,
    title: campaigns.title,
    payoutPerVideoCents: campaigns.payoutPerVideoCents,
    deadline: campaigns.deadline,
    createdAt: campaigns.createdAt,
  })
  .from(campaigns)
  .where(campaignIsOpen())
  .as('open_campaigns');

/** Every campaign's title, whatever its state: what a video's card shows of the brief it entered. */
export const campaignTitlesView = new QueryBuilder()
  .select({ id: campaigns.id, title: campaigns.title })
  .from(campaigns)
  .as('campaign_titles');

/**
 * The entries a brand approved, with what each pays (the campaign's payout per video): the metrics
 * module's analytics divide it by the video's counted and completed views (issue 19).
 */
export const approvedEntriesView = new QueryBuilder()
  .select({
    submissionId: sql<string>`${submissions.id}`.as('submission_id'),
    videoId: submissions.videoId,
    campaignId: sql<string>`${campaigns.id}`.as('campaign_id'),
    campaignTitle: sql<string>`${campaigns.title}`.as('campaign_title'),
    brandId: campaigns.brandId,
    payoutCents: campaigns.payoutPerVideoCents,
  })
  .from(submissions)
  .innerJoin(campaigns, eq(campaigns.id, submissions.campaignId))
  .where(eq(submissions.status, 'approved_by_brand'))
  .as('approved_entries');

/** Cents booked for the creator (recorded and paid) in the window [start, end), ISO instants. */
export function earningsBookedSql(creatorId: string, start: string, end: string): SQL<number> {
  return sql<number>`(select coalesce(sum(${transactions.amountCents}), 0) from ${transactions} where ${transactions.creatorId} = ${creatorId} and ${transactions.createdAt} >= ${start}::timestamptz and ${transactions.createdAt} < ${end}::timestamptz)::bigint`;
}
