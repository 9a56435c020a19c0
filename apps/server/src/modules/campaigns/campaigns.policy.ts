/**
 * Who may see and act on which campaign rows (STYLE.md: authorization in one place per module).
 *
 * A brand reaches only its own campaigns, the submissions to them and their transactions. An admin
 * reaches every brand's (SPEC.md §6 lets admins into the brand dashboard; they support brands and
 * need to see what a brand sees). Rows outside the scope are "not found", never "forbidden", so
 * another brand's ids cannot be probed.
 */
import type { SubmissionStatus, TransactionStatus, VideoStatus } from '@adreel/domain';
import { CAMPAIGN_ERRORS } from '@adreel/domain';
import { eq, type SQL } from 'drizzle-orm';
import { campaigns } from '../../db/schema/campaigns';
import { type Actor, inArea } from '../../platform/policy';

/** The brand's dashboard, campaigns, submissions, payouts and performance: brands and admins. */
export function mayUseBrandArea(actor: Actor | null): boolean {
  return inArea(actor, 'brand');
}

/**
 * The creator's side of campaigns: their own entries and the brands' decisions, the dashboard's
 * tiles, their earnings, and Upload's campaign picker. Creators, and admins (§6).
 */
export function mayUseCreatorArea(actor: Actor | null): boolean {
  return inArea(actor, 'creator');
}

/** One's own profile: anyone signed in. */
export function maySeeOwnProfile(actor: Actor | null): boolean {
  return actor !== null;
}

/**
 * Another person's profile (SPEC.md §2 Profile) is public only if they are a creator or have
 * published a video; a brand's, viewer's or admin's account is "not found" to others.
 */
export function profileIsPublic(person: {
  isCreator: boolean;
  hasPublishedVideo: boolean;
}): boolean {
  return person.isCreator || person.hasPublishedVideo;
}

export function seesEveryBrand(actor: Actor): boolean {
  return actor.roles.includes('admin');
}

/** The filter on `campaigns` that every brand read and write goes through. */
export function brandScope(actor: Actor): SQL | undefined {
  return seesEveryBrand(actor) ? undefined : eq(campaigns.brandId, actor.userId);
}

/** SPEC.md §4: only a submitted entry is offered to the brand for a decision. */
export function canDecideSubmission(submission: { status: SubmissionStatus }): boolean {
  return submission.status === 'submitted';
}

/**
 * What approval asks of the video: a processed file the brand has watched (not processing or
 * failed) that moderation has not rejected. A pending or admin-approved video may be approved.
 * Returns the reason it may not, or null.
 */
export function whyVideoCannotBeApproved(video: { status: VideoStatus }): string | null {
  switch (video.status) {
    case 'processing':
      return CAMPAIGN_ERRORS.videoProcessing;
    case 'failed':
      return CAMPAIGN_ERRORS.videoFailed;
    case 'rejected':
      return CAMPAIGN_ERRORS.videoRejected;
    default:
      return null;
  }
}

/** An approval books its payout only while booked + payout stays within the budget. */
export function fitsBudget(campaign: {
  bookedCents: number;
  payoutPerVideoCents: number;
  budgetTotalCents: number;
}): boolean {
  return campaign.bookedCents + campaign.payoutPerVideoCents <= campaign.budgetTotalCents;
}

/** SPEC.md §4: Mark Paid only while recorded. */
export function canMarkPaid(transaction: { status: TransactionStatus }): boolean {
  return transaction.status === 'recorded';
}

/**
 * A payout is paid to its creator: one who deleted their account (the ledger keeps the row without
 * them) has nobody left to be paid, so it cannot be marked paid.
 */
export function hasPayee(transaction: { creator: unknown }): boolean {
  return transaction.creator !== null;
}
