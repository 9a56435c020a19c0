/**
 * The brand's money actions (SPEC.md §4; DESIGN.md §3 "Campaigns and money"). Each decision is one
 * transaction with its audit row, so a change and its record commit together or not at all.
 */
import {
  type BrandCampaign,
  type BrandSubmission,
  type BrandTransaction,
  CAMPAIGN_ERRORS,
  CAMPAIGN_MESSAGES,
  type CreateCampaignBody,
} from '@adreel/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { submissions, transactions } from '../../db/schema/submissions';
import { recordAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { authorize } from '../../platform/policy';
import type { AuthContext } from '../auth/auth.tokens';
import { findVideoStatus, publishBrandApprovedVideo } from '../videos/videos.service';
import {
  brandScope,
  canDecideSubmission,
  canMarkPaid,
  fitsBudget,
  hasPayee,
  mayUseBrandArea,
  whyVideoCannotBeApproved,
} from './campaigns.policy';
import { bookedCentsSql, listBrandCampaigns, listOpenCampaigns } from './campaigns.queries';
import { listBrandSubmissions, listBrandTransactions } from './listings.service';

type Actor = Pick<AuthContext, 'userId' | 'roles'>;

/** The briefs: open campaigns, newest first (public). */
export async function openCampaigns(db: Database) {
  return { campaigns: await listOpenCampaigns(db) };
}

async function oneCampaign(db: Database, actor: Actor, id: string): Promise<BrandCampaign> {
  const [campaign] = await listBrandCampaigns(db, brandScope(actor), id);
  if (!campaign) throw notFound(CAMPAIGN_ERRORS.campaignNotFound);
  return campaign;
}

async function oneSubmission(db: Database, actor: Actor, id: string): Promise<BrandSubmission> {
  const [submission] = await listBrandSubmissions(db, brandScope(actor), id);
  if (!submission) throw notFound(CAMPAIGN_ERRORS.submissionNotFound);
  return submission;
}

async function oneTransaction(db: Database, actor: Actor, id: string): Promise<BrandTransaction> {
  const [transaction] = await listBrandTransactions(db, brandScope(actor), id);
  if (!transaction) throw notFound(CAMPAIGN_ERRORS.transactionNotFound);
  return transaction;
}

/** The campaign is the caller's own: an admin creating one runs it as its brand. */
export async function createCampaign(db: Database, actor: Actor, body: CreateCampaignBody) {
  authorize(mayUseBrandArea(actor));
  // A brand commits a budget: a money action, audited with the campaign in one transaction.
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(campaigns)
      .values({ ...body, brandId: actor.userId, status: 'open' })
      .returning({ id: campaigns.id });
    if (!created) throw new Error('insert into campaigns returned no row');
    await recordAudit(tx, {
      actor,
      action: 'campaign.create',
      targetType: 'campaign',
      targetId: created.id,
      details: {
        title: body.title,
        budgetTotalCents: body.budgetTotalCents,
        payoutPerVideoCents: body.payoutPerVideoCents,
      },
    });
    return created;
  });
  return { message: CAMPAIGN_MESSAGES.created, campaign: await oneCampaign(db, actor, row.id) };
}

export async function setCampaignStatus(
  db: Database,
  actor: Actor,
  id: string,
  status: 'open' | 'closed',
) {
  authorize(mayUseBrandArea(actor));
  const current = await oneCampaign(db, actor, id);
  if (current.status === status)
    throw conflict(
      status === 'open' ? CAMPAIGN_ERRORS.alreadyOpen : CAMPAIGN_ERRORS.alreadyClosed,
      'campaign_status_unchanged',
    );
  await db.transaction(async (tx) => {
    await tx.update(campaigns).set({ status }).where(eq(campaigns.id, id));
    await recordAudit(tx, {
      actor,
      action: status === 'open' ? 'campaign.reopen' : 'campaign.close',
      targetType: 'campaign',
      targetId: id,
      details: { title: current.title, brandId: current.brandId },
    });
  });
  return {
    message: status === 'open' ? CAMPAIGN_MESSAGES.reopened : CAMPAIGN_MESSAGES.closed,
    campaign: await oneCampaign(db, actor, id),
  };
}

/**
 * Approval (SPEC.md §4): the submission becomes approved_by_brand, the video approved and published,
 * and one booking of the campaign's payout is recorded. The campaign row is locked first, so
 * approvals of one campaign take turns: each sees every booking committed before it, and two
 * approvals of one submission cannot both find it submitted. The unique (video, type) booking is
 * the database's last word if anything slips past.
 */
export async function approveSubmission(db: Database, actor: Actor, id: string) {
  authorize(mayUseBrandArea(actor));
  const target = await oneSubmission(db, actor, id);
  const transactionId = await db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({
        id: campaigns.id,
        title: campaigns.title,
        brandId: campaigns.brandId,
        budgetTotalCents: campaigns.budgetTotalCents,
        payoutPerVideoCents: campaigns.payoutPerVideoCents,
      })
      .from(campaigns)
      .where(eq(campaigns.id, target.campaign.id))
      .for('update');
    if (!campaign) throw notFound(CAMPAIGN_ERRORS.submissionNotFound);
    const [current] = await tx
      .select({
        status: submissions.status,
        videoId: submissions.videoId,
        creatorId: submissions.creatorId,
      })
      .from(submissions)
      .where(eq(submissions.id, id));
    // submissions.video_id is a non-null foreign key: the video exists.
    const videoStatus = current ? await findVideoStatus(tx, current.videoId) : null;
    if (!current || !videoStatus) throw notFound(CAMPAIGN_ERRORS.submissionNotFound);
    if (!canDecideSubmission(current))
      throw conflict(CAMPAIGN_ERRORS.notSubmitted, 'not_submitted');
    const videoProblem = whyVideoCannotBeApproved({ status: videoStatus });
    if (videoProblem) throw conflict(videoProblem, 'video_not_ready');
    const [money] = await tx
      .select({ bookedCents: sql<number>`${bookedCentsSql}::bigint` })
      .from(campaigns)
      .where(eq(campaigns.id, campaign.id));
    const budget = {
      bookedCents: Number(money?.bookedCents ?? 0),
      payoutPerVideoCents: Number(campaign.payoutPerVideoCents),
      budgetTotalCents: Number(campaign.budgetTotalCents),
    };
    if (!fitsBudget(budget)) throw conflict(CAMPAIGN_ERRORS.overBudget, 'over_budget');

    const decided = await tx
      .update(submissions)
      .set({ status: 'approved_by_brand', decidedAt: sql`now()` })
      .where(and(eq(submissions.id, id), eq(submissions.status, 'submitted')))
      .returning({ id: submissions.id });
    if (decided.length === 0) throw conflict(CAMPAIGN_ERRORS.notSubmitted, 'not_submitted');
    // Published (and out of the signed-out feed cache) by the videos module, in this transaction.
    await publishBrandApprovedVideo(tx, current.videoId);
    const [booking] = await tx
      .insert(transactions)
      .values({
        campaignId: campaign.id,
        videoId: current.videoId,
        brandId: campaign.brandId,
        creatorId: current.creatorId,
        amountCents: budget.payoutPerVideoCents,
        type: 'booking',
        status: 'recorded',
      })
      .onConflictDoNothing()
      .returning({ id: transactions.id });
    if (!booking) throw conflict(CAMPAIGN_ERRORS.notSubmitted, 'already_booked');
    await recordAudit(tx, {
      actor,
      action: 'submission.approve',
      targetType: 'submission',
      targetId: id,
      details: {
        campaignId: campaign.id,
        videoId: current.videoId,
        creatorId: current.creatorId,
        transactionId: booking.id,
        amountCents: budget.payoutPerVideoCents,
      },
    });
    return booking.id;
  });
  return {
    message: CAMPAIGN_MESSAGES.approved,
    submission: await oneSubmission(db, actor, id),
    transaction: await oneTransaction(db, actor, transactionId),
  };
}

export async function rejectSubmission(
  db: Database,
  actor: Actor,
  id: string,
  reason: string | undefined,
) {
  authorize(mayUseBrandArea(actor));
  const target = await oneSubmission(db, actor, id);
  await db.transaction(async (tx) => {
    const decided = await tx
      .update(submissions)
      .set({
        status: 'rejected_by_brand',
        rejectionReason: reason || null,
        decidedAt: sql`now()`,
      })
      .where(and(eq(submissions.id, id), eq(submissions.status, 'submitted')))
      .returning({ id: submissions.id });
    if (decided.length === 0) throw conflict(CAMPAIGN_ERRORS.notSubmitted, 'not_submitted');
    await recordAudit(tx, {
      actor,
      action: 'submission.reject',
      targetType: 'submission',
      targetId: id,
      details: {
        campaignId: target.campaign.id,
        videoId: target.video.id,
        creatorId: target.creator.id,
        reason: reason || null,
      },
    });
  });
  return {
    message: CAMPAIGN_MESSAGES.rejected,
    submission: await oneSubmission(db, actor, id),
    transaction: null,
  };
}

export async function markTransactionPaid(db: Database, actor: Actor, id: string) {
  authorize(mayUseBrandArea(actor));
  const target = await oneTransaction(db, actor, id);
  if (!canMarkPaid(target)) throw conflict(CAMPAIGN_ERRORS.notRecorded, 'not_recorded');
  if (!hasPayee(target)) throw conflict(CAMPAIGN_ERRORS.creatorDeleted, 'creator_deleted');
  await db.transaction(async (tx) => {
    const paid = await tx
      .update(transactions)
      .set({ status: 'paid', paidAt: sql`now()` })
      .where(
        and(
          eq(transactions.id, id),
          eq(transactions.status, 'recorded'),
          // The creator deleting their account meanwhile leaves nobody to pay.
          isNotNull(transactions.creatorId),
        ),
      )
      .returning({ id: transactions.id });
    if (paid.length === 0) {
      const now = await oneTransaction(tx, actor, id);
      if (!hasPayee(now)) throw conflict(CAMPAIGN_ERRORS.creatorDeleted, 'creator_deleted');
      throw conflict(CAMPAIGN_ERRORS.notRecorded, 'not_recorded');
    }
    await recordAudit(tx, {
      actor,
      action: 'transaction.mark_paid',
      targetType: 'transaction',
      targetId: id,
      details: {
        campaignId: target.campaign.id,
        creatorId: target.creator?.id ?? null,
        amountCents: target.amountCents,
      },
    });
  });
  return {
    message: CAMPAIGN_MESSAGES.markedPaid,
    transaction: await oneTransaction(db, actor, id),
  };
}
