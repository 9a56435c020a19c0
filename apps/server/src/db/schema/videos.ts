/** Video ads and their running totals (SPEC.md §3, §4; DESIGN.md §3 "Videos", "Feed, metrics and ranking"). */
import { CAPTION_MAX, TITLE_MAX, VIDEO_MAX_SECONDS } from '@adreel/domain/constants';
import type { VideoRendition } from '@adreel/domain/feed-api';
import { VIDEO_STATUSES } from '@adreel/domain/statuses';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { createdAt, hasLength, id, isOneOf, timestamptz } from './columns';
import { users } from './users';

const counter = (name: string) => integer(name).notNull().default(0);

export const videos = pgTable(
  'videos',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** The transcoded file; null while the media job runs or after it failed. */
    fileUrl: text('file_url'),
    thumbUrl: text('thumb_url'),
    /** The rendition ladder, lowest first (issue 20); null until the ladder job has made it. */
    renditions: jsonb('renditions').$type<VideoRendition[]>(),
    /** Measured by ffprobe once the upload is complete. */
    durationSec: real('duration_sec'),
    status: text('status', { enum: VIDEO_STATUSES }).notNull().default('processing'),
    failureReason: text('failure_reason'),
    /** How far the transcode is, 0–100 (issue 14 item 8); null before the job's first report. */
    processingProgress: smallint('processing_progress'),
    title: text('title').notNull(),
    caption: text('caption'),
    ctaUrl: text('cta_url'),
    ctaText: text('cta_text'),
    views: counter('views'),
    likes: counter('likes'),
    shares: counter('shares'),
    clicks: counter('clicks'),
    vt50Count: counter('vt50_count'),
    vt90Count: counter('vt90_count'),
    /** Mean over counted views of the furthest fraction reached (DESIGN.md §3). */
    watchTimeAvg: real('watch_time_avg').notNull().default(0),
    score: doublePrecision('score').notNull().default(0),
    decayedScore: doublePrecision('decayed_score').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    /** When it went live; the score decays from here. */
    publishedAt: timestamptz('published_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('videos_status_known', isOneOf(t.status, VIDEO_STATUSES)),
    check(
      'videos_duration_range',
      sql`${t.durationSec} is null or (${t.durationSec} > 0 and ${t.durationSec} <= ${sql.raw(String(VIDEO_MAX_SECONDS))})`,
    ),
    check('videos_title_length', hasLength(t.title, 1, TITLE_MAX)),
    check(
      'videos_caption_length',
      sql`char_length(${t.caption}) <= ${sql.raw(String(CAPTION_MAX))}`,
    ),
    // Only web links: a javascript: or data: URL behind the call-to-action button would run in our page.
    check('videos_cta_url_http', sql`${t.ctaUrl} is null or ${t.ctaUrl} ~* '^https?://'`),
    check(
      'videos_counters_non_negative',
      sql`${t.views} >= 0 and ${t.likes} >= 0 and ${t.shares} >= 0 and ${t.clicks} >= 0 and ${t.vt50Count} >= 0 and ${t.vt90Count} >= 0`,
    ),
    check(
      'videos_processing_progress_percent',
      sql`${t.processingProgress} is null or ${t.processingProgress} between 0 and 100`,
    ),
    check('videos_watch_time_avg_fraction', sql`${t.watchTimeAvg} between 0 and 1`),
    // Past processing a video has a playable file; an approved one has a publication time to decay
    // from; only an approved one can be featured, since only approved ones are shown.
    check(
      'videos_file_after_processing',
      // A rejected video's media is deleted (decision 011), so it may have no file either.
      sql`${t.status} in ('processing', 'failed', 'rejected') or ${t.fileUrl} is not null`,
    ),
    check(
      'videos_approved_published',
      sql`${t.status} <> 'approved' or ${t.publishedAt} is not null`,
    ),
    check('videos_featured_approved', sql`not ${t.featured} or ${t.status} = 'approved'`),
    // The feed's order (SPEC.md §7, featured first, DESIGN.md §3) with id as the cursor's tie-break.
    // Indexes here stay ascending: PostgreSQL reads them backwards for `order by … desc` (nulls
    // first, the default), which drizzle-kit's `desc()` (written DESC NULLS LAST) would not serve.
    index('videos_feed_idx')
      .on(t.featured, t.decayedScore, t.publishedAt, t.id)
      .where(sql`${t.status} = 'approved'`),
    index('videos_published_idx').on(t.publishedAt).where(sql`${t.status} = 'approved'`),
    index('videos_creator_idx').on(t.creatorId, t.createdAt),
    index('videos_campaign_idx').on(t.campaignId),
    index('videos_status_created_idx').on(t.status, t.createdAt),
  ],
);
