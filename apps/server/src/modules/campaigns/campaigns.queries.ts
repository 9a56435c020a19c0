/**
 * The campaigns module's SQL: campaigns with their money and counts, submissions with creator,
 * transactions with campaign and creator (their videos come from the videos module:
 * listings.service.ts). Every brand read takes a scope (campaigns.policy) so a brand's query can only
 * ever return its own rows.
 */
import type { BrandCampaign, BrandSubmission, BrandTransaction } from '@adreel/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { submissions, transactions } from '../../db/schema/submissions';
import { accountDirectoryAs } from '../auth/auth.directory';

/** Today's date in UTC, the calendar deadlines are kept in (the form checks the same day). */
export const todayUtcSql = sql`(now() at time zone 'utc')::date`;

/** Payouts booked on the campaign so far, recorded and paid. */
export const bookedCentsSql = sql<number>`(select coalesce(sum(${transactions.amountCents}), 0) from ${transactions} where ${transactions.campaignId} = ${campaigns.id})`;

/**
 * A campaign takes entries while it is open, its deadline has not passed and one more payout still
 * fits its budget (DESIGN.md §3). Upload and the briefs both ask this, so they never disagree.
 */
export function campaignIsOpen(): SQL {
  return sql`(${campaigns.status} = 'open' and (${campaigns.deadline} is null or ${campaigns.deadline} >= ${todayUtcSql}) and ${bookedCentsSql} + ${campaigns.payoutPerVideoCents} <= ${campaigns.budgetTotalCents})`;
}

const availabilitySql = sql<BrandCampaign['availability']>`case
  when ${campaigns.status} = 'closed' then 'closed'
  when ${campaigns.deadline} is not null and ${campaigns.deadline} < ${todayUtcSql} then 'past_deadline'
  when ${bookedCentsSql} + ${campaigns.payoutPerVideoCents} > ${campaigns.budgetTotalCents} then 'budget_spent'
  else 'open' end`;

const brandProfiles = accountDirectoryAs('brand_profiles');

export async function listBrandCampaigns(db: Database, scope: SQL | undefined, id?: string) {
  const rows = await db
    .select({
      campaign: campaigns,
      brandName: sql<string>`coalesce(${brandProfiles.displayName}, ${brandProfiles.username}, '')`,
      bookedCents: sql<number>`${bookedCentsSql}::bigint`,
      submissionCount: sql<number>`(select count(*) from ${submissions} where ${submissions.campaignId} = ${campaigns.id})::int`,
      pendingCount: sql<number>`(select count(*) from ${submissions} where ${submissions.campaignId} = ${campaigns.id} and ${submissions.status} = 'submitted')::int`,
      availability: availabilitySql,
    })
    .from(campaigns)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
    .where(and(scope, id ? eq(campaigns.id, id) : undefined))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map((row): BrandCampaign => {
    const booked = Number(row.bookedCents);
    const c = row.campaign;
    return {
      id: c.id,
      brandId: c.brandId,
      title: c.title,
      description: c.description,
      tags: c.tags,
      budgetTotalCents: Number(c.budgetTotalCents),
      payoutPerVideoCents: Number(c.payoutPerVideoCents),
      deadline: c.deadline,
      status: c.status,
      createdAt: c.createdAt.toISOString(),
      brandName: row.brandName,
      bookedCents: booked,
      leftCents: Math.max(0, Number(c.budgetTotalCents) - booked),
      submissionCount: Number(row.submissionCount),
      pendingCount: Number(row.pendingCount),
      availability: row.availability,
    };
  });
}

export async function listOpenCampaigns(db: Database) {
  const rows = await db
    .select({
      campaign: campaigns,
      brandName: sql<string>`coalesce(${brandProfiles.displayName}, ${brandProfiles.username}, '')`,
      bookedCents: sql<number>`${bookedCentsSql}::bigint`,
      submissionCount: sql<number>`(select count(*) from ${submissions} where ${submissions.campaignId} = ${campaigns.id})::int`,
    })
    .from(campaigns)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
    .where(campaignIsOpen())
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map(({ campaign: c, ...row }) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    tags: c.tags,
    budgetTotalCents: Number(c.budgetTotalCents),
    payoutPerVideoCents: Number(c.payoutPerVideoCents),
    leftCents: Math.max(0, Number(c.budgetTotalCents) - Number(row.bookedCents)),
    deadline: c.deadline,
    submissionCount: Number(row.submissionCount),
    brand: { id: c.brandId, name: row.brandName },
    createdAt: c.createdAt.toISOString(),
  }));
}

const creatorProfiles = accountDirectoryAs('creator_profiles');

function person(
  id: string,
  row: { username: string | null; displayName: string | null; photoUrl: string | null },
) {
  return {
    id,
    username: row.username ?? '',
    displayName: row.displayName || row.username || '',
    photoUrl: row.photoUrl,
  };
}

/** Submissions in the brand's scope, newest first; their videos come from the videos module. */
export async function selectBrandSubmissions(
  db: Database,
  scope: SQL | undefined,
  id?: string,
): Promise<(Omit<BrandSubmission, 'video'> & { videoId: string })[]> {
  const rows = await db
    .select({
      submission: submissions,
      campaignTitle: campaigns.title,
      payoutPerVideoCents: campaigns.payoutPerVideoCents,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      photoUrl: creatorProfiles.photoUrl,
    })
    .from(submissions)
    .innerJoin(campaigns, eq(campaigns.id, submissions.campaignId))
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, submissions.creatorId))
    .where(and(scope, id ? eq(submissions.id, id) : undefined))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  return rows.map((row) => ({
    id: row.submission.id,
    status: row.submission.status,
    rejectionReason: row.submission.rejectionReason,
    createdAt: row.submission.createdAt.toISOString(),
    decidedAt: row.submission.decidedAt?.toISOString() ?? null,
    campaign: {
      id: row.submission.campaignId,
      title: row.campaignTitle,
      payoutPerVideoCents: Number(row.payoutPerVideoCents),
    },
    creator: person(row.submission.creatorId, row),
    videoId: row.submission.videoId,
  }));
}

/** Transactions in the brand's scope, newest first; their video titles come from the videos module. */
export async function selectBrandTransactions(
  db: Database,
  scope: SQL | undefined,
  id?: string,
): Promise<(Omit<BrandTransaction, 'videoTitle'> & { videoId: string | null })[]> {
  const rows = await db
    .select({
      transaction: transactions,
      campaignTitle: campaigns.title,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      photoUrl: creatorProfiles.photoUrl,
    })
    .from(transactions)
    .innerJoin(campaigns, eq(campaigns.id, transactions.campaignId))
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, transactions.creatorId))
    .where(and(scope, id ? eq(transactions.id, id) : undefined))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
  return rows.map(({ transaction: t, ...row }) => ({
    id: t.id,
    campaign: { id: t.campaignId, title: row.campaignTitle },
    creator: t.creatorId ? person(t.creatorId, row) : null,
    videoId: t.videoId,
    amountCents: Number(t.amountCents),
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    paidAt: t.paidAt?.toISOString() ?? null,
  }));
}

/** The creator's own submissions, newest first; their videos come from the videos module. */
export async function selectCreatorSubmissions(db: Database, creatorId: string) {
  const rows = await db
    .select({
      submission: submissions,
      campaignTitle: campaigns.title,
      payoutPerVideoCents: campaigns.payoutPerVideoCents,
    })
    .from(submissions)
    .innerJoin(campaigns, eq(campaigns.id, submissions.campaignId))
    .where(eq(submissions.creatorId, creatorId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  return rows.map((row) => ({
    id: row.submission.id,
    status: row.submission.status,
    rejectionReason: row.submission.rejectionReason,
    createdAt: row.submission.createdAt.toISOString(),
    decidedAt: row.submission.decidedAt?.toISOString() ?? null,
    campaign: {
      id: row.submission.campaignId,
      title: row.campaignTitle,
      payoutPerVideoCents: Number(row.payoutPerVideoCents),
    },
    videoId: row.submission.videoId,
  }));
}

/** Holds the campaign open for an entry (share lock until the caller commits); false if not open. */
export async function lockOpenCampaign(tx: Database, id: string): Promise<boolean> {
  const [campaign] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), campaignIsOpen()))
    .for('share');
  return campaign !== undefined;
}

export async function insertSubmission(
  tx: Database,
  entry: { campaignId: string; creatorId: string; videoId: string },
): Promise<void> {
  await tx.insert(submissions).values({ ...entry, status: 'submitted' });
}

/** The submitted entry of a video an admin rejected closes (no payout can follow). */
export async function closeSubmittedEntry(tx: Database, videoId: string): Promise<void> {
  await tx
    .update(submissions)
    .set({ status: 'rejected_by_admin', decidedAt: sql`now()` })
    .where(and(eq(submissions.videoId, videoId), eq(submissions.status, 'submitted')));
}
