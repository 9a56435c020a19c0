/**
 * The feed's one query (SPEC.md §7 "Feed videos", DESIGN.md §3): approved videos with their creator
 * profile and whether the caller liked each, featured first, then decayed_score, published_at and id,
 * all descending. Keyset paging on that tuple walks `videos_feed_idx` backwards, so a deep page costs
 * what the first does.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../db/client';

/** Where the previous page ended; published_at as the database's text, so microseconds survive. */
export interface FeedPosition {
  featured: boolean;
  decayedScore: number;
  publishedAt: string;
  id: string;
}

interface FeedRow extends Record<string, unknown> {
  /** The video as its JSON text (FeedVideo's fields, in its order), written by PostgreSQL. */
  video: string;
  featured: boolean;
  decayed_score: number;
  published_key: string;
  id: string;
}

export interface FeedEntry {
  /** JSON text of one FeedVideo, ready to be put into the page as it is. */
  video: string;
  id: string;
  position: FeedPosition;
}

export interface FeedSelection {
  /** The signed-in viewer, for likedByMe. */
  viewerId: string | null;
  after?: FeedPosition | undefined;
  /** Only this video (a profile's link into the feed). */
  onlyId?: string | undefined;
  /** Leave this video out (it was shown first). */
  excludeId?: string | undefined;
  limit: number;
}

/** The SQL text of the feed query, shared with bench/feed.ts so its ceiling measures the same SQL. */
export function feedQuery(selection: FeedSelection): SQL {
  const { viewerId, after, onlyId, excludeId, limit } = selection;
  // The limit is written into the text, not bound: with `limit $1` PostgreSQL cannot cost a generic
  // plan (it guesses a tenth of the table) and plans the prepared statement again on every call.
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`feed limit ${limit}`);
  const conditions: SQL[] = [sql`v.status = 'approved'`];
  if (after)
    conditions.push(
      sql`(v.featured, v.decayed_score, v.published_at, v.id) < (${after.featured}, ${after.decayedScore}::float8, ${after.publishedAt}::timestamptz, ${after.id}::uuid)`,
    );
  if (onlyId) conditions.push(sql`v.id = ${onlyId}::uuid`);
  if (excludeId) conditions.push(sql`v.id <> ${excludeId}::uuid`);
  const liked = viewerId
    ? sql`exists (select 1 from likes l where l.user_id = ${viewerId}::uuid and l.video_id = v.id)`
    : sql`false`;
  // The database writes each video's JSON (the FeedVideo contract, packages/domain feed-api.ts):
  // the API passes that text through instead of parsing twenty columns per row into objects and
  // serializing them again (decision 020). publishedAt is written as Date#toISOString would
  // (milliseconds, truncated, UTC); the cursor's position columns come beside it.
  return sql`
    select json_build_object(
        'id', v.id, 'title', v.title, 'caption', v.caption, 'fileUrl', v.file_url,
        'renditions', v.renditions, 'thumbUrl', v.thumb_url, 'durationSec', v.duration_sec, 'ctaText', v.cta_text,
        'ctaUrl', v.cta_url, 'views', v.views, 'likes', v.likes, 'shares', v.shares,
        'featured', v.featured,
        'publishedAt', to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'creator', json_build_object('id', v.creator_id, 'username', coalesce(p.username, ''),
          'displayName', coalesce(p.display_name, p.username, ''), 'photoUrl', p.photo_url),
        'likedByMe', ${liked})::text as video,
      v.featured, v.decayed_score, v.published_at::text as published_key, v.id
    from videos v
    left join profiles p on p.user_id = v.creator_id
    where ${sql.join(conditions, sql` and `)}
    order by v.featured desc, v.decayed_score desc, v.published_at desc, v.id desc
    limit ${sql.raw(String(limit))}`;
}

function toEntry(row: FeedRow): FeedEntry {
  return {
    video: row.video,
    id: row.id,
    position: {
      featured: row.featured,
      decayedScore: Number(row.decayed_score),
      publishedAt: row.published_key,
      id: row.id,
    },
  };
}

const dialect = new PgDialect();

/**
 * The feed query as a named statement: on a PostgreSQL server each pooled connection parses and
 * prepares it once and then only binds values, because planning it costs about what running it
 * does (EXPLAIN ANALYZE on 2,000 videos: 0.1–0.25 ms planning, 0.1–0.15 ms execution). That only
 * pays when PostgreSQL keeps the generic plan, hence the literal limit (feedQuery). The name follows
 * the statement's shape (which conditions it has, and the limit), so one name always means one text.
 */
export function feedStatement(selection: FeedSelection): {
  name: string;
  text: string;
  values: unknown[];
} {
  const { sql: text, params } = dialect.sqlToQuery(feedQuery(selection));
  const shape = [
    selection.viewerId ? 'viewer' : 'anon',
    selection.after ? 'after' : '',
    selection.onlyId ? 'only' : '',
    selection.excludeId ? 'exclude' : '',
    String(selection.limit),
  ].filter(Boolean);
  return { name: `feed_${shape.join('_')}`, text, values: params };
}

export async function selectFeed(db: Database, selection: FeedSelection): Promise<FeedEntry[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query<FeedRow>(feedStatement(selection));
    return result.rows.map(toEntry);
  }
  const result = await db.execute<FeedRow>(feedQuery(selection));
  return result.rows.map(toEntry);
}

/** Of these ids, those of approved videos (the feed's videos). */
export async function selectLiveIds(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: string }>(sql`
    select id::text as id from videos
    where id = any(${`{${ids.join(',')}}`}::uuid[]) and status = 'approved'`);
  return rows.map((row) => row.id);
}
