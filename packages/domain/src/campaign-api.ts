/**
 * Campaigns, submissions and payouts (docs/product.md §2 Brand Dashboard, Briefs, Profile, §3, §4,
 * §5 Campaign form, §6, §7; decision 012). Money crosses HTTP as integer cents;
 * screens show whole dollars.
 *
 * Brand routes (brand or admin; a brand reads and acts on only its own rows, an admin on every
 * brand's — another brand's row is a 404, never a 403, so ids do not leak):
 * - `POST /api/brand/campaigns` body createCampaignBodySchema → 201 campaignResultSchema
 * - `GET  /api/brand/campaigns` → brandCampaignListSchema
 * - `POST /api/brand/campaigns/:id/close` and `/reopen` → campaignResultSchema
 * - `GET  /api/brand/submissions` → brandSubmissionListSchema
 * - `POST /api/brand/submissions/:id/approve` → submissionDecisionSchema (with the transaction)
 * - `POST /api/brand/submissions/:id/reject` body rejectSubmissionBodySchema → submissionDecisionSchema
 * - `GET  /api/brand/transactions` → brandTransactionListSchema
 * - `POST /api/brand/transactions/:id/mark-paid` → markPaidResultSchema
 * - `GET  /api/brand/performance?days=30` → brandPerformanceSchema
 * Creator: `GET /api/creator/submissions` → creatorSubmissionListSchema (own entries and decisions).
 * Public: `GET /api/campaigns` → publicCampaignListSchema (open campaigns, for /briefs);
 * `GET /api/profiles/:id` and `GET /api/profiles/me` (signed in) → creatorProfileSchema, 404 unknown.
 */
import { z } from 'zod';
import { REASON_MAX, TITLE_MAX } from './constants';
import { todayUtc } from './format';
import { CAMPAIGN_FIELD_LABELS } from './messages/campaigns';
import { COMMON_TEXTS } from './messages/screens';
import { VALIDATION_MESSAGES } from './messages/validation';
import {
  CAMPAIGN_STATUSES,
  SUBMISSION_STATUSES,
  TRANSACTION_STATUSES,
  VIDEO_STATUSES,
} from './statuses';
import { filteredTrafficSchema } from './traffic-api';

const isoTime = z.iso.datetime({ offset: true });

/** Form limits beyond docs/product.md §9 (which names only the title's 200). */
export const CAMPAIGN_DESCRIPTION_MAX = 2000;
export const CAMPAIGN_TAGS_MAX = 10;
export const CAMPAIGN_TAG_MAX = 30;
/** $10,000,000: far above any beta campaign, and well inside a JavaScript number in cents. */
export const CAMPAIGN_BUDGET_MAX_CENTS = 1_000_000_000;
/** The Performance tab's daily chart covers this many days, today included. */
export const PERFORMANCE_DAYS = 30;

export const CAMPAIGN_MESSAGES = {
  created: 'Campaign created!',
  closed: 'Campaign closed',
  reopened: 'Campaign reopened',
  /** docs/product.md §8 success messages. */
  approved: 'Hai appena pubblicato una nuova ad!',
  rejected: 'Submission rejected',
  markedPaid: 'Payment marked as paid!',
} as const;

function money(label: string) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required`
          : `${label} must be a number`,
    })
    .int({ error: `${label} must be a whole number of cents` })
    .positive({ error: `${label} must be greater than 0` })
    .max(CAMPAIGN_BUDGET_MAX_CENTS, { error: `${label} must be at most $10,000,000` });
}

export const campaignTagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, { error: 'Tags cannot be empty' })
      .max(CAMPAIGN_TAG_MAX, { error: 'Each tag must be less than 30 characters' }),
  )
  .max(CAMPAIGN_TAGS_MAX, { error: 'At most 10 tags' });

/** docs/product.md §5 Campaign form, as the API takes it (cents). The form below turns dollars into this. */
export const createCampaignBodySchema = z
  .object({
    title: z
      .string({ error: VALIDATION_MESSAGES.titleRequired })
      .trim()
      .min(1, { error: VALIDATION_MESSAGES.titleRequired })
      .max(TITLE_MAX, { error: VALIDATION_MESSAGES.titleTooLong }),
    description: z
      .string()
      .trim()
      .max(CAMPAIGN_DESCRIPTION_MAX, { error: 'Description must be less than 2000 characters' })
      .default(''),
    tags: campaignTagsSchema.default([]),
    budgetTotalCents: money(CAMPAIGN_FIELD_LABELS.budgetTotal),
    payoutPerVideoCents: money(CAMPAIGN_FIELD_LABELS.payoutPerVideo),
    deadline: z.iso
      .date({ error: 'Deadline must be a valid date' })
      .refine((date) => date >= todayUtc(), { error: 'Deadline cannot be in the past' })
      .nullable()
      .default(null),
  })
  .refine((body) => body.payoutPerVideoCents <= body.budgetTotalCents, {
    error: 'Payout per video cannot be more than the budget total',
    path: ['payoutPerVideoCents'],
  });
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

/** '', '1200', '$1,200.50' → cents; anything else → NaN (which reads "must be a number"). */
function dollarsToCents(text: string): number | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (cleaned === '') return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The form's own field names: where a message of the API schema belongs on the form. */
export const CAMPAIGN_FORM_FIELD: Record<string, string> = {
  budgetTotalCents: 'budgetTotal',
  payoutPerVideoCents: 'payoutPerVideo',
};

/** The Create Campaign dialog's fields, as typed: dollars and comma-separated tags. */
export interface CampaignFormInput {
  title: string;
  description: string;
  tags: string;
  budgetTotal: string;
  payoutPerVideo: string;
  deadline: string;
}

function formToBody(input: unknown): unknown {
  const form = (typeof input === 'object' && input !== null ? input : {}) as Partial<
    Record<keyof CampaignFormInput, unknown>
  >;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    title: text(form.title),
    description: text(form.description),
    tags: text(form.tags)
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    budgetTotalCents: dollarsToCents(text(form.budgetTotal)),
    payoutPerVideoCents: dollarsToCents(text(form.payoutPerVideo)),
    deadline: text(form.deadline).trim() === '' ? null : text(form.deadline).trim(),
  };
}

/** The Create Campaign dialog: the form's text into the API body, with the API's own messages. */
export const campaignFormSchema = z.preprocess(formToBody, createCampaignBodySchema);

export const campaignSchema = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  budgetTotalCents: z.number().int(),
  payoutPerVideoCents: z.number().int(),
  deadline: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  createdAt: isoTime,
});
export type Campaign = z.infer<typeof campaignSchema>;

/** Why an `open` campaign is not taking entries: its deadline passed or no payout fits the budget. */
export const CAMPAIGN_AVAILABILITY = ['open', 'closed', 'past_deadline', 'budget_spent'] as const;
export type CampaignAvailability = (typeof CAMPAIGN_AVAILABILITY)[number];

export const brandCampaignSchema = campaignSchema.extend({
  brandName: z.string(),
  /** Booked payouts (recorded and paid). */
  bookedCents: z.number().int(),
  leftCents: z.number().int(),
  submissionCount: z.number().int(),
  /** Entries still waiting for a decision. */
  pendingCount: z.number().int(),
  availability: z.enum(CAMPAIGN_AVAILABILITY),
});
export type BrandCampaign = z.infer<typeof brandCampaignSchema>;
export const brandCampaignListSchema = z.object({ campaigns: z.array(brandCampaignSchema) });
export const campaignResultSchema = z.object({
  message: z.string(),
  campaign: brandCampaignSchema,
});

const personSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
});

export const brandSubmissionSchema = z.object({
  id: z.uuid(),
  status: z.enum(SUBMISSION_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
  campaign: z.object({ id: z.uuid(), title: z.string(), payoutPerVideoCents: z.number().int() }),
  creator: personSchema,
  video: z.object({
    id: z.uuid(),
    title: z.string(),
    caption: z.string().nullable(),
    status: z.enum(VIDEO_STATUSES),
    fileUrl: z.string().nullable(),
    thumbUrl: z.string().nullable(),
    durationSec: z.number().nullable(),
  }),
});
export type BrandSubmission = z.infer<typeof brandSubmissionSchema>;
export const brandSubmissionListSchema = z.object({ submissions: z.array(brandSubmissionSchema) });

export const rejectSubmissionBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(REASON_MAX, { error: VALIDATION_MESSAGES.reasonTooLong })
    .optional(),
});
export type RejectSubmissionBody = z.infer<typeof rejectSubmissionBodySchema>;

export const brandTransactionSchema = z.object({
  id: z.uuid(),
  campaign: z.object({ id: z.uuid(), title: z.string() }),
  creator: personSchema.nullable(),
  videoTitle: z.string().nullable(),
  amountCents: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
});
export type BrandTransaction = z.infer<typeof brandTransactionSchema>;
export const brandTransactionListSchema = z.object({
  transactions: z.array(brandTransactionSchema),
});

export const submissionDecisionSchema = z.object({
  message: z.string(),
  submission: brandSubmissionSchema,
  transaction: brandTransactionSchema.nullable(),
});
export const markPaidResultSchema = z.object({
  message: z.string(),
  transaction: brandTransactionSchema,
});

/** Views, likes, shares, call-to-action clicks; completion = vt90 / views; watch = mean fraction. */
export const performanceFiguresSchema = z.object({
  views: z.number().int(),
  likes: z.number().int(),
  shares: z.number().int(),
  clicks: z.number().int(),
  completionRate: z.number(),
  watchRate: z.number(),
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;
/** A figure row with the views that were not counted beside it (traffic-api.ts). */
const performanceRowSchema = performanceFiguresSchema.extend({ filtered: filteredTrafficSchema });
/**
 * The counted figures are counted traffic only (decision 030); `filtered` is what was kept apart, in
 * all (over the campaigns' videos), per campaign and per video: all time, like the counted figures.
 */
export const brandPerformanceSchema = z.object({
  days: z.number().int(),
  filtered: filteredTrafficSchema,
  campaigns: z.array(
    performanceRowSchema.extend({
      id: z.uuid(),
      title: z.string(),
      videoCount: z.number().int(),
    }),
  ),
  videos: z.array(
    performanceRowSchema.extend({
      id: z.uuid(),
      title: z.string(),
      campaignId: z.uuid(),
      campaignTitle: z.string(),
      creator: personSchema,
    }),
  ),
  /** One row per UTC day, oldest first, zeros included. */
  daily: z.array(
    z.object({
      date: z.iso.date(),
      views: z.number().int(),
      likes: z.number().int(),
      shares: z.number().int(),
    }),
  ),
});
export type BrandPerformance = z.infer<typeof brandPerformanceSchema>;
export const performanceQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Days must be between 1 and 90' })
    .int({ error: 'Days must be between 1 and 90' })
    .min(1, { error: 'Days must be between 1 and 90' })
    .max(90, { error: 'Days must be between 1 and 90' })
    .default(PERFORMANCE_DAYS),
});

export const creatorSubmissionSchema = z.object({
  id: z.uuid(),
  status: z.enum(SUBMISSION_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
  campaign: z.object({ id: z.uuid(), title: z.string(), payoutPerVideoCents: z.number().int() }),
  video: z.object({ id: z.uuid(), title: z.string(), status: z.enum(VIDEO_STATUSES) }),
});
export type CreatorSubmission = z.infer<typeof creatorSubmissionSchema>;
export const creatorSubmissionListSchema = z.object({
  submissions: z.array(creatorSubmissionSchema),
});

/** docs/product.md §2 Briefs card: brand, title, description, tags, budget, deadline, submissions. */
export const publicCampaignSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  budgetTotalCents: z.number().int(),
  payoutPerVideoCents: z.number().int(),
  leftCents: z.number().int(),
  deadline: z.string().nullable(),
  submissionCount: z.number().int(),
  brand: z.object({ id: z.uuid(), name: z.string() }),
  createdAt: isoTime,
});
export type PublicCampaign = z.infer<typeof publicCampaignSchema>;
export const publicCampaignListSchema = z.object({ campaigns: z.array(publicCampaignSchema) });

/** docs/product.md §2 Profile. Earnings count recorded and paid bookings. */
export const creatorProfileSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  videoCount: z.number().int(),
  totalViews: z.number().int(),
  totalLikes: z.number().int(),
  earningsCents: z.number().int(),
  recentVideos: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      caption: z.string().nullable(),
      thumbUrl: z.string().nullable(),
      views: z.number().int(),
      likes: z.number().int(),
      publishedAt: isoTime.nullable(),
    }),
  ),
});
export type CreatorProfile = z.infer<typeof creatorProfileSchema>;

export const CAMPAIGN_ERRORS = {
  campaignNotFound: 'Campaign not found',
  submissionNotFound: 'Submission not found',
  transactionNotFound: 'Transaction not found',
  profileNotFound: COMMON_TEXTS.creatorNotFound,
  notSubmitted: 'This submission has already been decided',
  overBudget: "Approving this submission would exceed the campaign's budget",
  videoProcessing: 'This video is still processing. Try again once it is ready.',
  videoFailed: 'This video could not be processed, so it cannot be approved',
  videoRejected: 'This video was rejected by moderation, so it cannot be approved',
  notRecorded: 'Only a recorded payment can be marked as paid',
  /** A booked payout whose creator has since deleted their account: nobody is there to be paid. */
  creatorDeleted: 'This creator deleted their account, so there is nobody to pay',
  alreadyOpen: 'This campaign is already open',
  alreadyClosed: 'This campaign is already closed',
} as const;
