/**
 * The videos API: upload, processing, the creator's area and moderation.
 *
 * Upload is the tus protocol (resumable) at `/api/uploads`, authenticated with the Bearer access
 * token. The tus `Upload-Metadata` carries `filename`, `filetype`, `title`, and optionally `caption`,
 * `campaignId`, `ctaText`, `ctaUrl`. When the last byte arrives the server checks the file; the
 * final PATCH answers 201 with `uploadResultSchema`, or 4xx with the product's message in the usual
 * error shape, and nothing of a refused file is kept.
 */
import { z } from 'zod';
import { SUBMISSION_STATUSES, VIDEO_STATUSES } from './statuses';
import { filteredTrafficSchema } from './traffic-api';
import { uploadDetailsSchema } from './validation';

const isoTime = z.iso.datetime({ offset: true });

/** The upload's limits beyond docs/product.md's file checks, as server and web app say them. */
export const UPLOAD_LIMIT_MESSAGES = {
  /** UPLOAD_MAX_UNFINISHED or UPLOAD_MAX_UNFINISHED_BYTES reached (403 unfinished_uploads_limit). */
  tooManyUnfinished:
    'You have too many unfinished uploads. Finish or cancel one before starting another.',
  /** Upload-Defer-Length, or Upload-Length sent late: the size must be declared at creation. */
  lengthRequired:
    "Declare the file's size with Upload-Length when the upload starts: uploads of unknown length are not accepted.",
} as const;

/** docs/product.md §5: only http and https links. */
export const ctaUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Link must start with http:// or https://' })
  .max(2000, { error: 'Link must be less than 2000 characters' });

/** The upload form (docs/product.md §5 Upload) plus what the tus metadata adds: file name and type, and the call to action. */
export const uploadMetadataSchema = uploadDetailsSchema.extend({
  filename: z.string().max(255).optional(),
  filetype: z.string().max(100).optional(),
  ctaText: z
    .string()
    .trim()
    .max(40, { error: 'Button text must be less than 40 characters' })
    .optional(),
  ctaUrl: ctaUrlSchema.optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

export const videoCreatorSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
});

export const videoSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  caption: z.string().nullable(),
  status: z.enum(VIDEO_STATUSES),
  /** Why processing failed, in words the creator can act on; null otherwise. */
  failureReason: z.string().nullable(),
  /** While processing, the percentage done (0–100) once the job has reported; null otherwise. */
  processingProgress: z.number().int().min(0).max(100).nullable(),
  durationSec: z.number().nullable(),
  /** Playable H.264/AAC MP4 (HTTP Range), once processed. */
  fileUrl: z.string().nullable(),
  /** JPEG poster frame, once processed. */
  thumbUrl: z.string().nullable(),
  ctaText: z.string().nullable(),
  ctaUrl: z.string().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  shares: z.number().int(),
  featured: z.boolean(),
  campaignId: z.uuid().nullable(),
  campaignTitle: z.string().nullable(),
  /**
   * Where the video's campaign entry stands (docs/product.md §4 submission status); null without a
   * campaign. A brand's rejection leaves the video `pending` (docs/product.md §4: only the admin rejects a
   * video), so My Videos reads this to say "Not selected" as Earnings does.
   */
  submissionStatus: z.enum(SUBMISSION_STATUSES).nullable(),
  createdAt: isoTime,
  publishedAt: isoTime.nullable(),
  creator: videoCreatorSchema,
});
export type Video = z.infer<typeof videoSchema>;
export const videoListSchema = z.object({ videos: z.array(videoSchema) });

export const uploadResultSchema = z.object({ video: videoSchema });

/** Creator Dashboard tiles (docs/product.md §2): Videos, Total Views, Total Likes, Earnings. */
export const creatorStatsSchema = z.object({
  videos: z.number().int(),
  totalViews: z.number().int(),
  totalLikes: z.number().int(),
  earningsCents: z.number().int(),
  /** Views of the creator's videos that were not counted (totalViews is counted only). */
  filtered: filteredTrafficSchema,
});
export type CreatorStats = z.infer<typeof creatorStatsSchema>;

/** Upload's campaign picker (docs/product.md §2): open campaigns as title and payout. */
export const openCampaignSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  payoutPerVideoCents: z.number().int(),
});
export const openCampaignListSchema = z.object({ campaigns: z.array(openCampaignSchema) });

export const moderationResultSchema = z.object({ message: z.string(), video: videoSchema });
export const featureBodySchema = z.object({ featured: z.boolean() });

/** Earnings (docs/product.md §2): the creator's transactions with campaign title, date, amount and status. */
export const creatorTransactionSchema = z.object({
  id: z.uuid(),
  campaignTitle: z.string(),
  videoTitle: z.string().nullable(),
  amountCents: z.number().int(),
  status: z.enum(['recorded', 'paid']),
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
});
export type CreatorTransaction = z.infer<typeof creatorTransactionSchema>;
export const creatorEarningsSchema = z.object({
  totalCents: z.number().int(),
  paidOutCents: z.number().int(),
  transactions: z.array(creatorTransactionSchema),
});
export type CreatorEarnings = z.infer<typeof creatorEarningsSchema>;
