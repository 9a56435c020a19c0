/**
 * The videos' counters and scores as other modules move them (issue 15: one module writes the
 * `videos` table; issue 16: the counters hold counted traffic only). Metrics lock the counter rows
 * of a group of events and move them by what the viewers' windows changed; ranking writes the
 * recomputed scores; shares are read back when a repeat changes nothing.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/videos';

/** A PostgreSQL array literal of values we made ourselves (validated UUIDs, numbers). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

export interface CounterRow {
  id: string;
  /** Approved, in the feed: only live videos take metrics. */
  live: boolean;
  durationSec: number | null;
}

/**
 * Locks these videos' counter rows in id order (for no key update: the feed's reads and the
 * foreign keys are not blocked) until the caller's transaction ends; returns whether each is live
 * and its length. Ids with no row are left out.
 */
export async function lockCounterRows(tx: Database, ids: readonly string[]): Promise<CounterRow[]> {
  if (ids.length === 0) return [];
  const sorted = [...ids].sort();
  const { rows } = await tx.execute<{ id: string; live: boolean; duration_sec: number | null }>(sql`
    select id::text as id, status = 'approved' as live, duration_sec
    from videos where id = any(${arrayLiteral(sorted)}::uuid[])
    order by id for no key update`);
  return rows.map((row) => ({
    id: row.id,
    live: row.live,
    durationSec: row.duration_sec === null ? null : Number(row.duration_sec),
  }));
}

/** What one group of metric events changed on one video's counters. */
export interface WatchDelta {
  videoId: string;
  views: number;
  vt50: number;
  vt90: number;
  clicks: number;
  /** The change in the sum of counted windows' furthest fractions. */
  watchSum: number;
}

/**
 * Moves the counters by the deltas, in the caller's transaction (rows locked by lockCounterRows).
 * watch_time_avg stays the mean over counted views: old mean × old views + the change in the sum
 * of furthest fractions, over the new number of views.
 */
export async function applyWatchDeltas(tx: Database, deltas: readonly WatchDelta[]): Promise<void> {
  const moved = deltas.filter(
    (d) => d.views !== 0 || d.vt50 !== 0 || d.vt90 !== 0 || d.clicks !== 0 || d.watchSum !== 0,
  );
  if (moved.length === 0) return;
  const column = (pick: (d: WatchDelta) => string | number) => arrayLiteral(moved.map(pick));
  await tx.execute(sql`
    update videos v set
      views = v.views + d.views,
      vt50_count = v.vt50_count + d.vt50,
      vt90_count = v.vt90_count + d.vt90,
      clicks = v.clicks + d.clicks,
      watch_time_avg = case when v.views + d.views > 0
        then least(1, greatest(0,
          (v.watch_time_avg::float8 * v.views + d.watch_sum) / (v.views + d.views)))
        else 0 end
    from unnest(${column((d) => d.videoId)}::uuid[], ${column((d) => d.views)}::int[],
        ${column((d) => d.vt50)}::int[], ${column((d) => d.vt90)}::int[],
        ${column((d) => d.clicks)}::int[], ${column((d) => d.watchSum)}::float8[])
      as d(video_id, views, vt50, vt90, clicks, watch_sum)
    where v.id = d.video_id`);
}

/** The share counter of a video (the answer to a repeated share), or null when there is none. */
export async function findShareCount(tx: Database, id: string): Promise<number | null> {
  const [row] = await tx.select({ shares: videos.shares }).from(videos).where(eq(videos.id, id));
  return row ? row.shares : null;
}

/**
 * The bulk score recompute's write (ranking.queries.ts builds the formula): `scored` is a query of
 * (id, score, published_at) rows; each video gets its score and the score decayed from publication
 * to now(). Returns the ids written.
 */
export async function writeScores(
  tx: Database,
  scored: SQL,
  decayed: (score: SQL, hours: SQL) => SQL,
): Promise<string[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    with scored as (${scored})
    update videos v set
      score = s.score,
      decayed_score = ${decayed(
        sql`s.score`,
        sql`extract(epoch from (now() - s.published_at))::float8 / 3600`,
      )}
    from scored s
    where v.id = s.id
    returning v.id`);
  return rows.map((row) => row.id);
}
