/**
 * Issue 19 (docs/decisions/032-analytics-rollups.md): the metrics module's rollups, maintained as
 * events arrive (metrics.service.ts's group commit, traffic.queries.ts for filtered views, triggers
 * on likes and shares), so a video's or a brand's analytics read small rows, never view_events.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { videos } from './videos';

/** One row per video and UTC hour with something in it. */
export const videoHourlyStats = pgTable(
  'video_hourly_stats',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    hour: timestamptz('hour').notNull(),
    /** Counted views (first counted in this hour). */
    views: integer('views').notNull().default(0),
    /** Counted views that reached 90 %, in the hour they reached it or were counted. */
    completions: integer('completions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    /** The change in counted views' furthest fractions this hour (their sum over all hours). */
    watchSum: doublePrecision('watch_sum').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    /** Views kept apart as filtered traffic (decision 030), never added to `views`. */
    filtered: integer('filtered').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'video_hourly_stats_pk', columns: [t.videoId, t.hour] }),
    index('video_hourly_stats_filtered_idx').on(t.videoId).where(sql`${t.filtered} <> 0`),
  ],
);

/** Counted views of a video by the furthest whole second they reached (0..30). */
export const videoRetention = pgTable(
  'video_retention',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    second: smallint('second').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'video_retention_pk', columns: [t.videoId, t.second] }),
    check('video_retention_second_range', sql`${t.second} between 0 and 30`),
  ],
);
