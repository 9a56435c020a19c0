/**
 * Real-time performance analytics (docs/decisions/032-analytics-rollups.md): per video
 * figures from counted traffic only, the median of the caller's videos beside them, what each
 * counted and completed view cost, a retention curve, a time series, and filtered traffic beside.
 *
 * - `GET /api/analytics/brand` → analyticsOverviewSchema (the videos approved into the brand's campaigns)
 * - `GET /api/analytics/creator` → analyticsOverviewSchema (the creator's own live videos; no money)
 * - `GET /api/analytics/videos/:videoId?as=brand|creator` → videoAnalyticsSchema
 * - `GET /api/analytics/stream?as=brand|creator` → server-sent events, each analyticsChangeSchema
 */
import { z } from 'zod';

/** The views a completion needs: a counted view that reached 90 % (`vt90_count`, docs/product.md §7). */
export const COMPLETION_FRACTION = 0.9;
/** Hourly points for this many hours back; daily points before that. */
export const ANALYTICS_HOURLY_HOURS = 48;
/** How far back the time series reaches. */
export const ANALYTICS_SERIES_DAYS = 90;
/** A subscriber is told at most once per this many ms (changes in between are coalesced). */
export const ANALYTICS_PUSH_INTERVAL_MS = 1000;

export const ANALYTICS_SIDES = ['brand', 'creator'] as const;
export type AnalyticsSide = (typeof ANALYTICS_SIDES)[number];

export const analyticsSideQuerySchema = z.object({
  as: z.enum(ANALYTICS_SIDES, { error: 'as must be brand or creator' }).default('brand'),
});

/** A video's figures, counted traffic only; `filteredViews` kept apart beside them. */
export const videoFiguresSchema = z.object({
  views: z.number().int(),
  completions: z.number().int(),
  /** completions / views (0 without views). */
  completionRate: z.number(),
  /** Mean furthest fraction reached by counted views, 0..1. */
  averageWatch: z.number(),
  clicks: z.number().int(),
  /** CTA clicks / counted views. */
  clickThroughRate: z.number(),
  likes: z.number().int(),
  shares: z.number().int(),
  likesPerThousand: z.number(),
  sharesPerThousand: z.number(),
  filteredViews: z.number().int(),
});
export type VideoFigures = z.infer<typeof videoFiguresSchema>;

/** The median of each rate over the caller's videos (those with at least one counted view). */
export const medianFiguresSchema = z.object({
  videos: z.number().int(),
  views: z.number(),
  completionRate: z.number(),
  averageWatch: z.number(),
  clickThroughRate: z.number(),
  likesPerThousand: z.number(),
  sharesPerThousand: z.number(),
});
export type MedianFigures = z.infer<typeof medianFiguresSchema>;

/** Payout over counts, in cents (fractions kept; null when there is nothing to divide by). */
export const costFiguresSchema = z.object({
  payoutCents: z.number().int(),
  views: z.number().int(),
  completions: z.number().int(),
  costPerViewCents: z.number().nullable(),
  costPerCompletedViewCents: z.number().nullable(),
});
export type CostFigures = z.infer<typeof costFiguresSchema>;

export const analyticsVideoSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  creatorName: z.string(),
  campaignId: z.uuid().nullable(),
  campaignTitle: z.string().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  durationSec: z.number().nullable(),
  figures: videoFiguresSchema,
  /** Brand side: this approved submission's cost; creator side: null. */
  cost: costFiguresSchema.nullable(),
});
export type AnalyticsVideo = z.infer<typeof analyticsVideoSchema>;

export const analyticsOverviewSchema = z.object({
  side: z.enum(ANALYTICS_SIDES),
  videos: z.array(analyticsVideoSchema),
  median: medianFiguresSchema,
  /** Brand side only: cost per campaign and over all approved submissions. */
  campaigns: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      cost: costFiguresSchema,
      filteredViews: z.number(),
    }),
  ),
  overall: costFiguresSchema.nullable(),
  generatedAt: z.iso.datetime(),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const seriesPointSchema = z.object({
  /** Start of the hour or UTC day, ISO. */
  at: z.iso.datetime(),
  unit: z.enum(['hour', 'day']),
  views: z.number().int(),
  completions: z.number().int(),
  clicks: z.number().int(),
  likes: z.number().int(),
  shares: z.number().int(),
  filtered: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const retentionPointSchema = z.object({
  second: z.number().int(),
  /** Share of counted views still watching at this second, 0..1. */
  share: z.number(),
});
export type RetentionPoint = z.infer<typeof retentionPointSchema>;

export const videoAnalyticsSchema = z.object({
  side: z.enum(ANALYTICS_SIDES),
  video: analyticsVideoSchema,
  median: medianFiguresSchema,
  retention: z.array(retentionPointSchema),
  /** Daily points (oldest first) up to 48 h ago, then hourly points to now. */
  series: z.array(seriesPointSchema),
  generatedAt: z.iso.datetime(),
});
export type VideoAnalytics = z.infer<typeof videoAnalyticsSchema>;

export const analyticsChangeSchema = z.object({ changed: z.array(z.uuid()) });
export type AnalyticsChange = z.infer<typeof analyticsChangeSchema>;

// --- pure rules both sides use ---

export function rate(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

export function perThousand(part: number, views: number): number {
  return views > 0 ? (part * 1000) / views : 0;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function medianOf(figures: readonly VideoFigures[]): MedianFigures {
  const watched = figures.filter((f) => f.views > 0);
  const of = (pick: (f: VideoFigures) => number) => median(watched.map(pick));
  return {
    videos: watched.length,
    views: of((f) => f.views),
    completionRate: of((f) => f.completionRate),
    averageWatch: of((f) => f.averageWatch),
    clickThroughRate: of((f) => f.clickThroughRate),
    likesPerThousand: of((f) => f.likesPerThousand),
    sharesPerThousand: of((f) => f.sharesPerThousand),
  };
}

export function costOf(payoutCents: number, views: number, completions: number): CostFigures {
  return {
    payoutCents,
    views,
    completions,
    costPerViewCents: views > 0 ? payoutCents / views : null,
    costPerCompletedViewCents: completions > 0 ? payoutCents / completions : null,
  };
}

/**
 * Money to the cent, as the tab shows amounts: 2.4 → "$0.02", 123456 → "$1,234.56"; a positive
 * amount under half a cent reads "< $0.01" (a cost per view often is); null reads "—".
 */
export function formatDollarsAndCents(cents: number | null): string {
  if (cents === null) return '—';
  const whole = Math.round(cents);
  if (whole === 0 && cents > 0) return '< $0.01';
  return `$${(whole / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

/**
 * The retention curve from the histogram of furthest seconds: at second s, the share of counted
 * views whose furthest second is s or later. Second 0 is 1 whenever there are views.
 */
export function retentionCurve(
  histogram: ReadonlyMap<number, number>,
  lastSecond: number,
): RetentionPoint[] {
  let total = 0;
  for (const views of histogram.values()) total += views;
  const points: RetentionPoint[] = [];
  let still = total;
  for (let second = 0; second <= lastSecond; second += 1) {
    points.push({ second, share: total > 0 ? still / total : 0 });
    still -= histogram.get(second) ?? 0;
  }
  return points;
}
