/**
 * What campaigns book: the submissions creators make to them and the money rows (SPEC.md §3, §4;
 * DESIGN.md §3 "Campaigns and money"). Owned by the campaigns module, like campaigns.ts; a file of
 * its own because these rows reference both campaigns and videos, and videos reference campaigns.
 */
import {
  SUBMISSION_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@adreel/domain/statuses';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { cents, createdAt, id, isOneOf, timestamptz } from './columns';
import { users } from './users';
import { videos } from './videos';

export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Unique: a video is entered into at most one campaign, once. */
    videoId: uuid('video_id')
      .notNull()
      .unique()
      .references(() => videos.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('submitted'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    check('submissions_status_known', isOneOf(t.status, SUBMISSION_STATUSES)),
    check(
      'submissions_decided_consistent',
      sql`(${t.status} = 'submitted') = (${t.decidedAt} is null)`,
    ),
    index('submissions_campaign_idx').on(t.campaignId, t.createdAt),
    index('submissions_creator_idx').on(t.creatorId),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    // Money rows outlive the video and the creator's account: both are set null, never cascaded.
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: cents('amount_cents'),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('recorded'),
    createdAt: createdAt(),
    paidAt: timestamptz('paid_at'),
  },
  (t) => [
    check('transactions_amount_non_negative', sql`${t.amountCents} >= 0`),
    check('transactions_type_known', isOneOf(t.type, TRANSACTION_TYPES)),
    check('transactions_status_known', isOneOf(t.status, TRANSACTION_STATUSES)),
    check('transactions_paid_consistent', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    // One approval books once, however many times the approve request arrives.
    unique('transactions_video_type_unique').on(t.videoId, t.type),
    index('transactions_campaign_idx').on(t.campaignId),
    index('transactions_brand_idx').on(t.brandId, t.createdAt),
    index('transactions_creator_idx').on(t.creatorId, t.createdAt),
  ],
);
