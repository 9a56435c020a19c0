/**
 * The reads of issue 19's analytics (decision 032): the caller's videos with their running counters
 * (the videos module's read model) and what each pays (the campaigns module's), and the metrics
 * module's own rollups: a video's hourly rows and its retention histogram.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoHourlyStats, videoRetention } from '../../db/schema/analytics';
import { accountDirectoryAs } from '../auth/auth.directory';
import { approvedEntriesView as entries } from '../campaigns/campaigns.directory';
import { approvedVideoCountersView as videos } from '../videos/videos.directory';

const creators = accountDirectoryAs('analytics_creators');

export interface AnalyticsVideoRow {
  id: string;
  title: string;
  creatorId: string;
  creatorName: string;
  views: number;
  likes: number;
  shares: number;
  clicks: number;
  vt90: number;
  watchTimeAvg: number;
  durationSec: number | null;
  publishedAt: Date | null;
  campaignId: string | null;
  campaignTitle: string | null;
  brandId: string | null;
  payoutCents: number | null;
}

const columns = {
  id: videos.id,
  title: videos.title,
  creatorId: videos.creatorId,
  username: creators.username,
  displayName: creators.displayName,
  views: videos.views,
  likes: videos.likes,
  shares: videos.shares,
  clicks: videos.clicks,
  vt90: videos.vt90Count,
  watchTimeAvg: videos.watchTimeAvg,
  durationSec: videos.durationSec,
  publishedAt: videos.publishedAt,
  campaignId: entries.campaignId,
  campaignTitle: entries.campaignTitle,
  brandId: entries.brandId,
  payoutCents: entries.payoutCents,
};

function shape(row: object): AnalyticsVideoRow {
  const r = row as Record<string, unknown>;
  return {
    id: r.id as string,
    title: r.title as string,
    creatorId: r.creatorId as string,
    creatorName: ((r.displayName as string | null) || (r.username as string | null)) ?? '',
    views: Number(r.views),
    likes: Number(r.likes),
    shares: Number(r.shares),
    clicks: Number(r.clicks),
    vt90: Number(r.vt90),
    watchTimeAvg: Number(r.watchTimeAvg),
    durationSec: r.durationSec === null ? null : Number(r.durationSec),
    publishedAt: (r.publishedAt as Date | null) ?? null,
    campaignId: (r.campaignId as string | null) ?? null,
    campaignTitle: (r.campaignTitle as string | null) ?? null,
    brandId: (r.brandId as string | null) ?? null,
    payoutCents: r.payoutCents === null ? null : Number(r.payoutCents),
  };
}

/**
 * The live videos approved into a brand's campaigns (`brandId` null: every brand's), most viewed
 * first.
 */
export async function brandVideos(
  db: Database,
  brandId: string | null,
): Promise<AnalyticsVideoRow[]> {
  const rows = await db
    .select(columns)
    .from(entries)
    .innerJoin(videos, eq(videos.id, entries.videoId))
    .leftJoin(creators, eq(creators.userId, videos.creatorId))
    .where(brandId ? eq(entries.brandId, brandId) : undefined)
    .orderBy(sql`${videos.views} desc`, videos.id);
  return rows.map(shape);
}

/** A creator's live videos, with the campaign each was approved into if any. */
export async function creatorVideos(db: Database, creatorId: string): Promise<AnalyticsVideoRow[]> {
  const rows = await db
    .select(columns)
    .from(videos)
    .leftJoin(entries, eq(entries.videoId, videos.id))
    .leftJoin(creators, eq(creators.userId, videos.creatorId))
    .where(eq(videos.creatorId, creatorId))
    .orderBy(sql`${videos.views} desc`, videos.id);
  return rows.map(shape);
}

/** One live video, with its approved entry if any; null when it is not live. */
export async function analyticsVideo(
  db: Database,
  videoId: string,
): Promise<AnalyticsVideoRow | null> {
  const [row] = await db
    .select(columns)
    .from(videos)
    .leftJoin(entries, eq(entries.videoId, videos.id))
    .leftJoin(creators, eq(creators.userId, videos.creatorId))
    .where(eq(videos.id, videoId));
  return row ? shape(row) : null;
}

export interface HourlyRow {
  hour: Date;
  views: number;
  completions: number;
  clicks: number;
  likes: number;
  shares: number;
  filtered: number;
}

/** A video's hourly rollup rows from `since` on, oldest first. */
export async function hourlyRows(db: Database, videoId: string, since: Date): Promise<HourlyRow[]> {
  const rows = await db
    .select({
      hour: videoHourlyStats.hour,
      views: videoHourlyStats.views,
      completions: videoHourlyStats.completions,
      clicks: videoHourlyStats.clicks,
      likes: videoHourlyStats.likes,
      shares: videoHourlyStats.shares,
      filtered: videoHourlyStats.filtered,
    })
    .from(videoHourlyStats)
    .where(and(eq(videoHourlyStats.videoId, videoId), gte(videoHourlyStats.hour, since)))
    .orderBy(asc(videoHourlyStats.hour));
  return rows;
}

/**
 * Per UTC day (YYYY-MM-DD) since `since`: counted views, likes and shares of `videoIds` together,
 * from the hourly rollup (the Performance tab's daily chart; its rows are whole hours, so days
 * are exact).
 */
export async function dailyTotals(
  db: Database,
  videoIds: readonly string[],
  since: Date,
): Promise<Array<{ day: string; views: number; likes: number; shares: number }>> {
  if (videoIds.length === 0) return [];
  const { rows } = await db.execute<{ day: string; views: number; likes: number; shares: number }>(
    sql`
    select to_char((hour at time zone 'utc')::date, 'YYYY-MM-DD') as day,
      sum(views)::int as views, sum(likes)::int as likes, sum(shares)::int as shares
    from ${videoHourlyStats}
    where video_id = any(${`{${[...videoIds].join(',')}}`}::uuid[]) and hour >= ${since.toISOString()}::timestamptz
    group by 1`,
  );
  return rows.map((row) => ({
    day: row.day,
    views: Number(row.views),
    likes: Number(row.likes),
    shares: Number(row.shares),
  }));
}

/** A video's counted views by furthest second reached. */
export async function retentionHistogram(
  db: Database,
  videoId: string,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ second: videoRetention.second, views: videoRetention.views })
    .from(videoRetention)
    .where(eq(videoRetention.videoId, videoId));
  return new Map(rows.map((row) => [Number(row.second), Number(row.views)]));
}

/** Filtered views per video over all time, from the rollup. */
export async function filteredByVideo(
  db: Database,
  videoIds: readonly string[],
): Promise<Map<string, number>> {
  if (videoIds.length === 0) return new Map();
  const { rows } = await db.execute<{ video_id: string; filtered: number }>(sql`
    select video_id::text as video_id, sum(filtered)::int as filtered
    from ${videoHourlyStats}
    where video_id = any(${`{${[...videoIds].join(',')}}`}::uuid[]) and filtered <> 0
    group by video_id`);
  return new Map(rows.map((row) => [row.video_id, Number(row.filtered)]));
}

/**
 * Rolls up the view windows these videos have, in place of what the rollups held for their views,
 * completions, clicks, watch and retention (likes, shares and filtered views are left as they are):
 * for rows written straight into view_events (the demo history, the benchmark's fill).
 */
export async function rollUpViewWindows(
  tx: Database,
  videos: ReadonlyArray<{ id: string; durationSec: number | null }>,
): Promise<void> {
  if (videos.length === 0) return;
  const list = JSON.stringify(videos.map((v) => [v.id, v.durationSec ?? 30]));
  const ids = sql`(select (v.value->>0)::uuid from jsonb_array_elements(${list}::jsonb) v)`;
  await tx.execute(sql`
    update video_hourly_stats set views = 0, completions = 0, clicks = 0, watch_sum = 0
    where video_id in ${ids}`);
  await tx.execute(sql`delete from video_retention where video_id in ${ids}`);
  await tx.execute(sql`
    insert into video_hourly_stats as h (video_id, hour, views, completions, watch_sum, clicks)
    select video_id, hour, sum(views)::int, sum(completions)::int, sum(watch_sum), sum(clicks)::int
    from (
      select video_id, date_trunc('hour', counted_at, 'UTC') as hour, 1 as views,
        reached_90::int as completions, furthest_fraction::float8 as watch_sum, 0 as clicks
      from view_events where counted_at is not null and video_id in ${ids}
      union all
      select video_id, date_trunc('hour', clicked_at, 'UTC'), 0, 0, 0, 1
      from view_events where clicked_at is not null and video_id in ${ids}
    ) t
    group by video_id, hour
    on conflict (video_id, hour) do update set views = excluded.views,
      completions = excluded.completions, watch_sum = excluded.watch_sum, clicks = excluded.clicks`);
  await tx.execute(sql`
    insert into video_retention (video_id, second, views)
    select e.video_id,
      least(30, greatest(0, floor(e.furthest_fraction * (d.value->>1)::float8)))::smallint,
      count(*)::int
    from view_events e
    join jsonb_array_elements(${list}::jsonb) d on (d.value->>0)::uuid = e.video_id
    where e.counted_at is not null
    group by 1, 2`);
}
