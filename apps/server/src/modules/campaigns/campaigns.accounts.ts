/**
 * What other modules ask the campaigns module about one account: its briefs (as a brand), its
 * entries and its ledger rows (as brand or creator). The campaigns module owns campaigns,
 * submissions and transactions (db/schema/{campaigns,submissions}.ts); other modules call these,
 * never campaigns.queries. Caller today: account-data, exporting and deleting an account.
 */
import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { submissions, transactions } from '../../db/schema/submissions';

/**
 * Closes the brand's open briefs (nobody is there to review entries) and returns their ids. Pass
 * the deletion's transaction.
 */
export async function closeOpenBriefsOf(tx: Database, brandId: string): Promise<string[]> {
  const closed = await tx
    .update(campaigns)
    .set({ status: 'closed' })
    .where(and(eq(campaigns.brandId, brandId), eq(campaigns.status, 'open')))
    .returning({ id: campaigns.id });
  return closed.map((row) => row.id);
}

/**
 * The ledger keeps every row and amount, without the person: the creator is set null on their
 * rows (transactions.creator_id). Pass the deletion's transaction.
 */
export async function detachCreatorFromLedger(tx: Database, creatorId: string): Promise<void> {
  await tx
    .update(transactions)
    .set({ creatorId: null })
    .where(eq(transactions.creatorId, creatorId));
}

/** The creator's entries with their brief's title, in no particular order (data export). */
export function exportSubmissions(db: Database, creatorId: string) {
  return db
    .select({ submission: submissions, campaign: campaigns.title })
    .from(submissions)
    .innerJoin(campaigns, eq(campaigns.id, submissions.campaignId))
    .where(eq(submissions.creatorId, creatorId));
}

/** Ledger rows the account earned or paid, with the brief's title, in no particular order. */
export function exportTransactions(db: Database, userId: string) {
  return db
    .select({ transaction: transactions, campaign: campaigns.title })
    .from(transactions)
    .innerJoin(campaigns, eq(campaigns.id, transactions.campaignId))
    .where(or(eq(transactions.creatorId, userId), eq(transactions.brandId, userId)));
}

/** The brand's briefs, in no particular order (data export). */
export function exportCampaigns(db: Database, brandId: string) {
  return db.select().from(campaigns).where(eq(campaigns.brandId, brandId));
}
