/**
 * Every status of docs/product.md §4 (the added ones included). The database checks against these same
 * lists, so a status that is not here cannot be stored.
 */

/** `processing` and `failed` come from decision 011 (real upload); `pending` is docs/product.md's review state. */
export const VIDEO_STATUSES = ['processing', 'failed', 'pending', 'approved', 'rejected'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** `rejected_by_admin` (decision 012): the admin rejected the video behind the submission. */
export const SUBMISSION_STATUSES = [
  'submitted',
  'approved_by_brand',
  'rejected_by_brand',
  'rejected_by_admin',
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const TRANSACTION_STATUSES = ['recorded', 'paid'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPES = ['booking'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const CAMPAIGN_STATUSES = ['open', 'closed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

export const FACTOR_TYPES = ['phone', 'totp', 'webauthn'] as const;
export type FactorType = (typeof FACTOR_TYPES)[number];

/** Invite display status (docs/product.md §4): Used if used; Expired once the expiry has passed; else Active. */
export type InviteDisplayStatus = 'Used' | 'Expired' | 'Active';

export function inviteDisplayStatus(
  invite: { isUsed: boolean; expiresAt: Date },
  now: Date = new Date(),
): InviteDisplayStatus {
  if (invite.isUsed) return 'Used';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'Expired';
  return 'Active';
}

/** Badge variants for video status (docs/product.md §4). */
export const VIDEO_STATUS_BADGE: Record<VideoStatus, 'default' | 'secondary' | 'destructive'> = {
  approved: 'default',
  pending: 'secondary',
  processing: 'secondary',
  rejected: 'destructive',
  failed: 'destructive',
};
