/**
 * Campaigns (SPEC.md §3, §4; DESIGN.md §3 "Campaigns and money"). The submissions creators make to
 * them and the money they book are in submissions.ts: those reference videos, and videos reference
 * campaigns, so keeping them here would make this file and videos.ts import each other.
 * Money is integer cents, never negative.
 */
import { TITLE_MAX } from '@adreel/domain/constants';
import { CAMPAIGN_STATUSES } from '@adreel/domain/statuses';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, hasLength, id, isOneOf } from './columns';
import { users } from './users';

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    // Restrict: a brand with campaigns has money rows behind them; accounts are soft-deleted.
    brandId: uuid('brand_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    budgetTotalCents: cents('budget_total_cents'),
    payoutPerVideoCents: cents('payout_per_video_cents'),
    /** A calendar date ('YYYY-MM-DD'), as the form asks for it; past it the campaign is not open. */
    deadline: date('deadline', { mode: 'string' }),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    check('campaigns_title_length', hasLength(t.title, 1, TITLE_MAX)),
    check('campaigns_budget_non_negative', sql`${t.budgetTotalCents} >= 0`),
    check(
      'campaigns_payout_within_budget',
      sql`${t.payoutPerVideoCents} >= 0 and ${t.payoutPerVideoCents} <= ${t.budgetTotalCents}`,
    ),
    check('campaigns_status_known', isOneOf(t.status, CAMPAIGN_STATUSES)),
    index('campaigns_status_created_idx').on(t.status, t.createdAt),
    index('campaigns_brand_idx').on(t.brandId),
  ],
);
