/**
 * The feed, engagement, metrics, ranking and leaderboards API (docs/product.md §2 Feed, Top Videos,
 * Top Creators, §4 watch tracking, §7 reads and track-video-metric; decision 013).
 *
 * Routes (all JSON; errors in the usual `{ error: { code, message } }` shape):
 * - `GET  /api/feed?cursor=&start=` → feedPageSchema. Public. 20 per page, featured first, then
 *   decayed_score desc, published_at desc (id breaks ties). `start` (a video id) puts that approved
 *   video first on the first page, for links from a profile. `likedByMe` needs the Bearer token.
 * - `PUT    /api/videos/:id/like` and `DELETE /api/videos/:id/like` → likeStateSchema. Signed in.
 * - `POST   /api/videos/:id/shares` → shareResultSchema. Signed in (docs/product.md §6: logged only then).
 * - `POST   /api/videos/:id/reports` body reportSchema (validation.ts) → 201 reportResultSchema,
 *   or 200 with `alreadyReported` when the caller's report on it is still open. Signed in; 401
 *   'Please sign in to report content'; 429 past RATE_LIMITS.reportsPerUser.
 * - `GET    /api/me/reports` → myReportListSchema. Signed in: the reporter's own reports and outcomes.
 * - `POST   /api/metrics` body metricRequestSchema (also sent by navigator.sendBeacon, so any
 *   content type is parsed as JSON) → 202 metricAckSchema once every event is stored.
 * - `GET    /api/leaderboard/videos` → topVideosSchema; `GET /api/leaderboard/creators` →
 *   topCreatorsSchema. Public.
 * - Admin: `GET /api/admin/reports?status=open|closed` → adminReportListSchema;
 *   `POST /api/admin/reports/:id/dismiss` and `POST /api/admin/reports/:id/remove-video` →
 *   reportOutcomeSchema; `POST /api/admin/scores/recompute` → recomputeResultSchema;
 *   `GET /api/admin/counts` → adminCountsSchema.
 */
import { z } from 'zod';
import { FEED_PAGE_SIZE, WATCH_MILESTONES } from './constants';
import { REQUEST_MESSAGES } from './messages/session';
import { videoCreatorSchema } from './video-api';

const isoTime = z.iso.datetime({ offset: true });

/**
 * One rendition of a video's ladder (decision 033): an H.264/AAC MP4 with +faststart,
 * keyframes every 2 s, content-addressed (cached for a year, strong ETag). `bitrateKbps` is the
 * file's measured average (video and audio: its bytes over its length), what a player budgets on.
 */
export const videoRenditionSchema = z.object({
  /** The rung: the short side of the box the picture fits in (a 9:16 video is that wide). */
  name: z.enum(['360p', '540p', '720p']),
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bitrateKbps: z.number().int().nonnegative(),
});
export type VideoRendition = z.infer<typeof videoRenditionSchema>;

/** One video on the feed (docs/product.md §2 Feed): read with the creator profile. */
export const feedVideoSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  caption: z.string().nullable(),
  fileUrl: z.string(),
  /**
   * The rendition ladder, lowest first, the last being `fileUrl`'s file; null (or absent)
   * until the video's ladder is made. `fileUrl` stays the one to play without a choice.
   */
  renditions: z.array(videoRenditionSchema).nullable().optional(),
  thumbUrl: z.string().nullable(),
  durationSec: z.number().nullable(),
  ctaText: z.string().nullable(),
  ctaUrl: z.string().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  shares: z.number().int(),
  featured: z.boolean(),
  publishedAt: isoTime,
  creator: videoCreatorSchema,
  /** Whether the signed-in viewer has liked it; false when signed out. */
  likedByMe: z.boolean(),
});
export type FeedVideo = z.infer<typeof feedVideoSchema>;

export const feedQuerySchema = z.object({
  /** Opaque; the previous page's nextCursor. */
  cursor: z.string().max(500).optional(),
  /** A video to show first (a profile's link into the feed). */
  start: z.uuid({ error: REQUEST_MESSAGES.invalidVideoId }).optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const feedPageSchema = z.object({
  videos: z.array(feedVideoSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * Video id → the signed impression token for this viewer (traffic-api.ts), one for each
   * video in `videos`. Metric events about a video carry its token as `impression`.
   */
  impressions: z.record(z.uuid(), z.string()),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/**
 * `GET /api/feed/impressions?ids=<id>,<id>,…` (at most FEED_PAGE_SIZE ids, with the Bearer
 * token or the `X-Device-Id` header as for /api/feed) → feedImpressionsSchema: tokens for videos the
 * client already has without one. The first page written into the HTML of /feed (the same for every
 * signed-out visitor, who is not known yet) carries `impressions: {}`; the client asks for its tokens
 * here. Ids of videos that are not live are left out of the answer.
 */
export const feedImpressionsQuerySchema = z.object({
  ids: z
    .string()
    .max(FEED_PAGE_SIZE * 37)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ error: REQUEST_MESSAGES.invalidVideoId }))
        .min(1)
        .max(FEED_PAGE_SIZE),
    ),
});
export const feedImpressionsSchema = z.object({ impressions: z.record(z.uuid(), z.string()) });
export type FeedImpressions = z.infer<typeof feedImpressionsSchema>;

export const likeStateSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

export const shareResultSchema = z.object({ shares: z.number().int() });

export const REPORT_OUTCOMES = ['open', 'dismissed', 'actioned'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

export const reportSchemaOut = z.object({
  id: z.uuid(),
  videoId: z.uuid(),
  reason: z.string(),
  status: z.enum(REPORT_OUTCOMES),
  createdAt: isoTime,
});

/**
 * The answer to a report: 201 with the new report, or 200 with the reporter's report on that video
 * that is still open (one open report per user and video) and `alreadyReported`; `message` says which.
 */
export const reportResultSchema = reportSchemaOut.extend({
  alreadyReported: z.boolean(),
  message: z.string(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

/** The reporter's side: what happened to each report they made. */
export const myReportSchema = reportSchemaOut.extend({
  videoTitle: z.string(),
  resolvedAt: isoTime.nullable(),
});
export const myReportListSchema = z.object({ reports: z.array(myReportSchema) });
export type MyReport = z.infer<typeof myReportSchema>;

/** docs/product.md §7 track-video-metric: the metric types an increment may carry. */
export const METRIC_TYPES = [
  'views',
  'vt50_count',
  'vt90_count',
  'likes',
  'clicks',
  'shares',
] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

const videoIdSchema = z.uuid({ error: REQUEST_MESSAGES.invalidVideoId });
/** The impression token of the feed page the video came from (feedPageSchema.impressions). */
const impressionSchema = z.string().max(200).optional();

/** docs/product.md §7: `{ action: 'increment', videoId, metricType, increment: 1 | -1 }`. */
export const incrementEventSchema = z.object({
  action: z.literal('increment'),
  videoId: videoIdSchema,
  metricType: z.enum(METRIC_TYPES, { error: 'Unknown metric type' }),
  increment: z.union([z.literal(1), z.literal(-1)], { error: 'Increment must be 1 or -1' }),
  impression: impressionSchema,
});

/** docs/product.md §7: `{ action: 'watch_time', videoId, watchPercentage: 0.5 | 0.9 }`. */
export const watchTimeEventSchema = z.object({
  action: z.literal('watch_time'),
  videoId: videoIdSchema,
  watchPercentage: z.union(
    WATCH_MILESTONES.map((m) => z.literal(m)) as [z.ZodLiteral<0.5>, z.ZodLiteral<0.9>],
    { error: 'Watch percentage must be 0.5 or 0.9' },
  ),
  impression: impressionSchema,
});

/**
 * Our addition (decision 013): the furthest fraction of the video reached, sent when the video
 * leaves the screen. It feeds watch_time_avg.
 */
export const watchProgressEventSchema = z.object({
  action: z.literal('watch_progress'),
  videoId: videoIdSchema,
  fraction: z.number().min(0).max(1),
  impression: impressionSchema,
});

export const metricEventSchema = z.discriminatedUnion(
  'action',
  [incrementEventSchema, watchTimeEventSchema, watchProgressEventSchema],
  { error: 'Unknown metric action' },
);
export type MetricEvent = z.infer<typeof metricEventSchema>;

export const METRIC_BATCH_MAX = 50;

/**
 * The anonymous device id a browser keeps in localStorage; it identifies a signed-out viewer, and
 * a signed-in one where a beacon cannot carry the Bearer token.
 */
export const deviceIdSchema = z.uuid({ error: REQUEST_MESSAGES.invalidDeviceId });

/** One event in the shape of docs/product.md §7, or a batch; the device id rides along either way. */
export const metricRequestSchema = z.union([
  z.object({
    deviceId: deviceIdSchema.optional(),
    events: z.array(metricEventSchema).min(1).max(METRIC_BATCH_MAX),
  }),
  z.intersection(metricEventSchema, z.object({ deviceId: deviceIdSchema.optional() })),
]);
export type MetricRequest = z.infer<typeof metricRequestSchema>;

export const metricAckSchema = z.object({ accepted: z.number().int() });

/** Top Videos (docs/product.md §2): rank, caption or 'Untitled', creator, score, views, likes, shares, watch %. */
export const topVideoSchema = z.object({
  rank: z.number().int(),
  id: z.uuid(),
  title: z.string(),
  caption: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  creator: videoCreatorSchema,
  decayedScore: z.number(),
  views: z.number().int(),
  likes: z.number().int(),
  shares: z.number().int(),
  watchTimeAvg: z.number(),
});
export type TopVideo = z.infer<typeof topVideoSchema>;
export const topVideosSchema = z.object({ videos: z.array(topVideoSchema) });

/** Top Creators (docs/product.md §2): rank, creator, average score, total views, video count. */
export const topCreatorSchema = z.object({
  rank: z.number().int(),
  creator: videoCreatorSchema,
  averageScore: z.number(),
  totalViews: z.number().int(),
  videoCount: z.number().int(),
});
export type TopCreator = z.infer<typeof topCreatorSchema>;
export const topCreatorsSchema = z.object({ creators: z.array(topCreatorSchema) });

/** The Reports tab (docs/product.md §2 Admin Dashboard): the video, the reason, the reporter, the time. */
export const adminReportSchema = z.object({
  id: z.uuid(),
  reason: z.string(),
  status: z.enum(REPORT_OUTCOMES),
  createdAt: isoTime,
  resolvedAt: isoTime.nullable(),
  reporter: z.object({ id: z.uuid().nullable(), username: z.string() }),
  video: z.object({
    id: z.uuid(),
    title: z.string(),
    caption: z.string().nullable(),
    status: z.string(),
    fileUrl: z.string().nullable(),
    thumbUrl: z.string().nullable(),
    creator: videoCreatorSchema,
  }),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportListSchema = z.object({ reports: z.array(adminReportSchema) });
export const adminReportQuerySchema = z.object({
  status: z.enum(['open', 'closed']).default('open'),
});
export const reportOutcomeSchema = z.object({ message: z.string(), report: adminReportSchema });

export const recomputeResultSchema = z.object({ message: z.string(), updated: z.number().int() });

/** Tab counts on /admin. */
export const adminCountsSchema = z.object({
  pendingVideos: z.number().int(),
  openReports: z.number().int(),
});
export type AdminCounts = z.infer<typeof adminCountsSchema>;

export { FEED_MESSAGES } from './feed-messages';
