/**
 * Issue 19's analytics (decision 032): a video's figures from its counters (counted traffic only),
 * the median of the caller's videos beside them, what each approved submission's counted and
 * completed views cost, its retention curve and its time series from the rollups, and the filtered
 * views beside, never mixed in. Each method authorizes through analytics.policy first.
 */

import { REQUEST_MESSAGES, VIDEO_MAX_SECONDS } from '@adreel/domain';
import {
  ANALYTICS_HOURLY_HOURS,
  ANALYTICS_SERIES_DAYS,
  type AnalyticsOverview,
  type AnalyticsSide,
  type AnalyticsVideo,
  type CostFigures,
  costOf,
  medianOf,
  perThousand,
  rate,
  retentionCurve,
  type SeriesPoint,
  type VideoAnalytics,
  type VideoFigures,
} from '@adreel/domain/analytics-api';
import type { Database } from '../../db/client';
import { notFound } from '../../platform/errors';
import { type Actor, authorize } from '../../platform/policy';
import { analyticsBrandScope, maySeeVideoAnalytics, mayUseAnalytics } from './analytics.policy';
import {
  type AnalyticsVideoRow,
  analyticsVideo,
  brandVideos,
  creatorVideos,
  filteredByVideo,
  hourlyRows,
  retentionHistogram,
} from './analytics.queries';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function figuresOf(row: AnalyticsVideoRow, filteredViews: number): VideoFigures {
  const completions = Math.min(row.vt90, row.views);
  return {
    views: row.views,
    completions,
    completionRate: rate(completions, row.views),
    averageWatch: row.views > 0 ? row.watchTimeAvg : 0,
    clicks: row.clicks,
    clickThroughRate: rate(row.clicks, row.views),
    likes: row.likes,
    shares: row.shares,
    likesPerThousand: perThousand(row.likes, row.views),
    sharesPerThousand: perThousand(row.shares, row.views),
    filteredViews,
  };
}

function videoOf(
  row: AnalyticsVideoRow,
  side: AnalyticsSide,
  filtered: Map<string, number>,
): AnalyticsVideo {
  const figures = figuresOf(row, filtered.get(row.id) ?? 0);
  return {
    id: row.id,
    title: row.title,
    creatorName: row.creatorName,
    campaignId: row.campaignId,
    campaignTitle: row.campaignTitle,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    durationSec: row.durationSec,
    figures,
    cost:
      side === 'brand' && row.payoutCents !== null
        ? costOf(row.payoutCents, figures.views, figures.completions)
        : null,
  };
}

function sumCosts(costs: readonly CostFigures[]): CostFigures {
  let payout = 0;
  let views = 0;
  let completions = 0;
  for (const c of costs) {
    payout += c.payoutCents;
    views += c.views;
    completions += c.completions;
  }
  return costOf(payout, views, completions);
}

async function videosFor(db: Database, actor: Actor, side: AnalyticsSide) {
  const rows =
    side === 'brand'
      ? await brandVideos(db, analyticsBrandScope(actor))
      : await creatorVideos(db, actor.userId);
  const filtered = await filteredByVideo(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => videoOf(row, side, filtered));
}

/** The ids of the videos a live stream may hear of, re-read when an unknown one moves. */
export async function analyticsStreamScope(db: Database, actor: Actor | null, side: AnalyticsSide) {
  authorize(mayUseAnalytics(actor, side));
  const caller = actor as Actor;
  const ids = async () => {
    const rows =
      side === 'brand'
        ? await brandVideos(db, analyticsBrandScope(caller))
        : await creatorVideos(db, caller.userId);
    return new Set(rows.map((row) => row.id));
  };
  return { ids };
}

/** The caller's videos on one side with their figures, the median, and (brand) the money. */
export async function analyticsOverview(
  db: Database,
  actor: Actor | null,
  side: AnalyticsSide,
  now: Date = new Date(),
): Promise<AnalyticsOverview> {
  authorize(mayUseAnalytics(actor, side));
  const videos = await videosFor(db, actor as Actor, side);
  const campaigns = new Map<string, { title: string; costs: CostFigures[]; filtered: number }>();
  if (side === 'brand')
    for (const video of videos) {
      if (!video.campaignId || !video.cost) continue;
      const entry = campaigns.get(video.campaignId) ?? {
        title: video.campaignTitle ?? '',
        costs: [],
        filtered: 0,
      };
      entry.costs.push(video.cost);
      entry.filtered += video.figures.filteredViews;
      campaigns.set(video.campaignId, entry);
    }
  return {
    side,
    videos,
    median: medianOf(videos.map((v) => v.figures)),
    campaigns: [...campaigns.entries()].map(([id, c]) => ({
      id,
      title: c.title,
      cost: sumCosts(c.costs),
      filteredViews: c.filtered,
    })),
    overall: side === 'brand' ? sumCosts(videos.flatMap((v) => (v.cost ? [v.cost] : []))) : null,
    generatedAt: now.toISOString(),
  };
}

const emptyPoint = (at: Date, unit: 'hour' | 'day'): SeriesPoint => ({
  at: at.toISOString(),
  unit,
  views: 0,
  completions: 0,
  clicks: 0,
  likes: 0,
  shares: 0,
  filtered: 0,
});

/**
 * Daily points (UTC days) from the publication (at most ANALYTICS_SERIES_DAYS back) up to where the
 * hourly points start, then one point per hour for the last ANALYTICS_HOURLY_HOURS, ending with the
 * current hour.
 */
export function buildSeries(
  rows: ReadonlyArray<{
    hour: Date;
    views: number;
    completions: number;
    clicks: number;
    likes: number;
    shares: number;
    filtered: number;
  }>,
  publishedAt: Date | null,
  now: Date,
): SeriesPoint[] {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const hourlyStart = currentHour - (ANALYTICS_HOURLY_HOURS - 1) * HOUR_MS;
  const earliest = Math.floor((now.getTime() - ANALYTICS_SERIES_DAYS * DAY_MS) / DAY_MS) * DAY_MS;
  const firstDay = Math.max(
    earliest,
    Math.floor((publishedAt?.getTime() ?? hourlyStart) / DAY_MS) * DAY_MS,
  );
  const points = new Map<number, SeriesPoint>();
  for (let day = firstDay; day < hourlyStart; day += DAY_MS)
    points.set(day, emptyPoint(new Date(day), 'day'));
  for (let hour = hourlyStart; hour <= currentHour; hour += HOUR_MS)
    points.set(hour, emptyPoint(new Date(hour), 'hour'));
  for (const row of rows) {
    const t = row.hour.getTime();
    const key = t >= hourlyStart ? t : Math.floor(t / DAY_MS) * DAY_MS;
    const point = points.get(key);
    if (!point) continue;
    point.views += row.views;
    point.completions += row.completions;
    point.clicks += row.clicks;
    point.likes += row.likes;
    point.shares += row.shares;
    point.filtered += row.filtered;
  }
  return [...points.values()];
}

/** One video's analytics on one side: 404 when it is not live or not the caller's to see. */
export async function videoAnalytics(
  db: Database,
  actor: Actor | null,
  side: AnalyticsSide,
  videoId: string,
  now: Date = new Date(),
): Promise<VideoAnalytics> {
  authorize(mayUseAnalytics(actor, side));
  const row = await analyticsVideo(db, videoId);
  if (!row || !maySeeVideoAnalytics(actor, side, row))
    throw notFound(REQUEST_MESSAGES.videoNotFound);
  const peers = await videosFor(db, actor as Actor, side);
  const self = peers.find((v) => v.id === videoId);
  const filtered = self ? null : await filteredByVideo(db, [videoId]);
  const video = self ?? videoOf(row, side, filtered ?? new Map());
  const since = new Date(
    Math.floor((now.getTime() - ANALYTICS_SERIES_DAYS * DAY_MS) / DAY_MS) * DAY_MS,
  );
  const [hours, histogram] = await Promise.all([
    hourlyRows(db, videoId, since),
    retentionHistogram(db, videoId),
  ]);
  const lastSecond = Math.min(VIDEO_MAX_SECONDS, Math.ceil(row.durationSec ?? VIDEO_MAX_SECONDS));
  return {
    side,
    video,
    median: medianOf(peers.map((v) => v.figures)),
    retention: retentionCurve(histogram, lastSecond),
    series: buildSeries(hours, row.publishedAt, now),
    generatedAt: now.toISOString(),
  };
}
