/**
 * A read model the campaigns module publishes for other modules' queries (decision 028): the
 * campaigns open for entries right now, by the same rule upload and the briefs apply
 * (campaignIsOpen). The weekly digest lists them; it joins this instead of importing the campaigns
 * tables or campaigns.queries.
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { campaigns } from '../../db/schema/campaigns';
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
