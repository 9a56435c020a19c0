/**
 * Issue 16 (docs/decisions/030-counting-views.md): what the metrics module keeps to count only what
 * a feed served. `impression_uses` counts the events each impression token carried (a token past
 * its allowance is a replay); `filtered_traffic` is every event that was not counted, with why, so
 * the counts can be audited and shown beside the counted ones.
 */
import { INVALID_TRAFFIC_REASONS } from '@adreel/domain/traffic-api';
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, isOneOf, timestamptz } from './columns';
import { videos } from './videos';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** One row per impression token used: its MAC (the token's secret part), uses, when it expires. */
export const impressionUses = pgTable(
  'impression_uses',
  {
    token: bytea('token').primaryKey(),
    uses: integer('uses').notNull(),
    /** Past this the token is refused anyway; the scheduler deletes the row. */
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('impression_uses_expires_idx').on(t.expiresAt)],
);

export const FILTERED_METRICS = ['views', 'clicks', 'events'] as const;

/**
 * One row per viewer, video, request and what was not counted: a claimed view, a click, or (neither)
 * other events (milestones, progress). Viewer key and address are kept as keyed hashes only.
 */
export const filteredTraffic = pgTable(
  'filtered_traffic',
  {
    id: id(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    metric: text('metric', { enum: FILTERED_METRICS }).notNull(),
    reason: text('reason', { enum: INVALID_TRAFFIC_REASONS }).notNull(),
    /** How many events of the request this row stands for. */
    events: integer('events').notNull(),
    viewerHash: text('viewer_hash').notNull(),
    ipHash: text('ip_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    check('filtered_traffic_metric_known', isOneOf(t.metric, FILTERED_METRICS)),
    check('filtered_traffic_reason_known', isOneOf(t.reason, INVALID_TRAFFIC_REASONS)),
    check('filtered_traffic_events_positive', sql`${t.events} > 0`),
    index('filtered_traffic_video_idx').on(t.videoId, t.createdAt),
  ],
);
