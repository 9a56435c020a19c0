/** What viewers do with videos (SPEC.md §3, §4, §7; DESIGN.md §3 "Feed, metrics and ranking"). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';
import { videos } from './videos';

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

/**
 * A share is logged only for a signed-in user (SPEC.md §6), once per user and video (SPEC.md §3
 * `shares: user_id, video_id`; issue 16): sharing again changes nothing.
 */
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
  (t) => [
    index('shares_video_idx').on(t.videoId),
    uniqueIndex('shares_user_video_once').on(t.userId, t.videoId),
  ],
);

/**
 * One row per viewer, video and 24 h window (DESIGN.md §3): the window opens with the viewer's first
 * event for the video and lasts 24 h; the next event after it opens a new row. The row remembers
 * what was counted in its window, so each counter on `videos` moves at most once per window and
 * always equals what these rows say (modules/metrics):
 * views = rows with counted_at; vt50_count / vt90_count = counted rows that reached 50 % / 90 %;
 * watch_time_avg = mean furthest_fraction of counted rows; clicks = rows with clicked_at.
 */
export const viewEvents = pgTable(
  'view_events',
  {
    id: id(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** `u:<user id>` when signed in, else `d:<anonymous device id>` the client sends. */
    viewerKey: text('viewer_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    furthestFraction: real('furthest_fraction').notNull().default(0),
    /** Set when this window's view was counted (after 3 s of playback, SPEC.md §4). */
    countedAt: timestamptz('counted_at'),
    /** The 50 % and 90 % milestones reached in this window. */
    reached50: boolean('reached_50').notNull().default(false),
    reached90: boolean('reached_90').notNull().default(false),
    /** Set when the call-to-action was clicked in this window. */
    clickedAt: timestamptz('clicked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('view_events_furthest_fraction', sql`${t.furthestFraction} between 0 and 1`),
    index('view_events_viewer_idx').on(t.videoId, t.viewerKey, t.createdAt),
    // The per-address cap (issue 16) counts a video's windows by address.
    index('view_events_ip_idx').on(t.videoId, t.ip),
  ],
);
