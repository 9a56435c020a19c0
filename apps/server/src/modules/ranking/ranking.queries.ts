/**
 * DESIGN.md §3's score in SQL, for the bulk recompute: the same formula as
 * packages/domain/src/ranking.ts term by term (a property test holds them equal). The counters it
 * reads are counted traffic only (issue 16): filtered traffic never reaches them.
 */
import { SCORE_RECOMPUTE_WINDOW_DAYS } from '@adreel/domain/constants';
import {
  DECAY_HALF_LIFE_HOURS,
  RATE_CAPS,
  SCORE_WEIGHTS,
  SMOOTHING_WEIGHT,
} from '@adreel/domain/ranking';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { writeVideoScores } from '../videos/videos.service';

/** SQL expressions (float8) for a video's inputs and the platform means. */
export interface ScoreTerms {
  views: SQL;
  watchTimeAvg: SQL;
  vt90Count: SQL;
  likes: SQL;
  shares: SQL;
  clicks: SQL;
  means: { watch: SQL; vt90: SQL; likes: SQL; shares: SQL; clicks: SQL };
}

const n = (value: number) => sql.raw(`${value}::float8`);

/** (count + 20·m) / (v + 20) */
function smoothed(count: SQL, views: SQL, mean: SQL): SQL {
  return sql`((${count}) + ${n(SMOOTHING_WEIGHT)} * (${mean})) / ((${views}) + ${n(SMOOTHING_WEIGHT)})`;
}

export function scoreExpression(t: ScoreTerms): SQL {
  const watch = smoothed(sql`(${t.watchTimeAvg}) * (${t.views})`, t.views, t.means.watch);
  const vt90 = smoothed(t.vt90Count, t.views, t.means.vt90);
  const likes = smoothed(t.likes, t.views, t.means.likes);
  const shares = smoothed(t.shares, t.views, t.means.shares);
  const clicks = smoothed(t.clicks, t.views, t.means.clicks);
  return sql`(${n(SCORE_WEIGHTS.watch)} * ${watch}
    + ${n(SCORE_WEIGHTS.vt90)} * ${vt90}
    + ${n(SCORE_WEIGHTS.likes)} * least(1::float8, ${likes} / ${n(RATE_CAPS.likes)})
    + ${n(SCORE_WEIGHTS.shares)} * least(1::float8, ${shares} / ${n(RATE_CAPS.shares)})
    + ${n(SCORE_WEIGHTS.clicks)} * least(1::float8, ${clicks} / ${n(RATE_CAPS.clicks)}))`;
}

/** score · 0.5^(hours / 48), with hours never below 0. */
export function decayExpression(scoreSql: SQL, hours: SQL): SQL {
  return sql`((${scoreSql}) * power(0.5::float8, greatest(0::float8, ${hours}) / ${n(DECAY_HALF_LIFE_HOURS)}))`;
}

export interface RecomputeResult {
  updated: number;
  /** The database's time the decay was computed at. */
  at: Date;
}

/**
 * Recomputes score and decayed_score of approved videos published in the last 60 days (SPEC.md §9),
 * with the platform means taken over those same videos, in one statement.
 */
export async function recomputeScores(db: Database): Promise<RecomputeResult> {
  return db.transaction(async (tx) => {
    // now() is the transaction's start: the same instant for the decay below.
    const { rows: clock } = await tx.execute<{ at: string | Date }>(sql`select now() as at`);
    const expression = scoreExpression({
      views: sql`p.views::float8`,
      watchTimeAvg: sql`p.watch_time_avg::float8`,
      vt90Count: sql`p.vt90_count::float8`,
      likes: sql`p.likes::float8`,
      shares: sql`p.shares::float8`,
      clicks: sql`p.clicks::float8`,
      means: {
        watch: sql`m.watch`,
        vt90: sql`m.vt90`,
        likes: sql`m.likes`,
        shares: sql`m.shares`,
        clicks: sql`m.clicks`,
      },
    });
    // The videos module writes the scores (counters.queries.ts); the formula's inputs are read here.
    const ids = await writeVideoScores(
      tx,
      sql`
      with pool as (
        select id, views, watch_time_avg, vt90_count, likes, shares, clicks, published_at
        from videos
        where status = 'approved'
          and published_at > now() - make_interval(days => ${SCORE_RECOMPUTE_WINDOW_DAYS})
      ),
      totals as (
        select sum(views)::float8 as views, sum(watch_time_avg::float8 * views) as watch,
          sum(vt90_count)::float8 as vt90, sum(likes)::float8 as likes,
          sum(shares)::float8 as shares, sum(clicks)::float8 as clicks
        from pool
      ),
      m as (
        select
          case when views > 0 then watch / views else 0::float8 end as watch,
          case when views > 0 then vt90 / views else 0::float8 end as vt90,
          case when views > 0 then likes / views else 0::float8 end as likes,
          case when views > 0 then shares / views else 0::float8 end as shares,
          case when views > 0 then clicks / views else 0::float8 end as clicks
        from totals
      )
      select p.id, p.published_at, ${expression} as score from pool p cross join m`,
      decayExpression,
    );
    return { updated: ids.length, at: new Date(clock[0]?.at ?? Date.now()) };
  });
}
