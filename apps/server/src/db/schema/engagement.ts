/** What viewers do with videos (SPEC.md §3, §4, §7; DESIGN.md §3 "Feed, metrics and ranking"). */
import { REASON_MAX } from '@adreel/domain/constants';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, isOneOf, timestamptz } from './columns';
import { users } from './users';
import { videos } from './videos';

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** One like per user and video (DESIGN.md §3): the key makes a double like impossible. */
export const likes = pgTable(
  'likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'likes_pk', columns: [t.userId, t.videoId] }),
    index('likes_video_idx').on(t.videoId),
  ],
);

/** A share is logged only for a signed-in user (SPEC.md §6); sharing again logs again. */
export const shares = pgTable(
  'shares',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('shares_video_idx').on(t.videoId)],
);

/**
 * One row per watch of a video by a viewer. A view counts at most once per viewer and video per 24 h
 * (DESIGN.md §3); the index answers "has this viewer been counted recently" without a scan.
 */
export const viewEvents = pgTable(
  'view_events',
  {
    id: id(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The user id when signed in, else the anonymous device id the client sends. */
    viewerKey: text('viewer_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    furthestFraction: real('furthest_fraction').notNull().default(0),
    /** Set when this watch was counted as a view; null if it fell inside the 24 h window. */
    countedAt: timestamptz('counted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('view_events_furthest_fraction', sql`${t.furthestFraction} between 0 and 1`),
    index('view_events_viewer_idx').on(t.videoId, t.viewerKey, t.createdAt),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: id(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    // Non-blank (SPEC.md §5 "Please provide a reason") and at most REASON_MAX characters.
    check(
      'reports_reason_length',
      sql`char_length(btrim(${t.reason})) >= 1 and char_length(${t.reason}) <= ${sql.raw(String(REASON_MAX))}`,
    ),
    check('reports_status_known', isOneOf(t.status, REPORT_STATUSES)),
    check('reports_resolved_consistent', sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
  ],
);
