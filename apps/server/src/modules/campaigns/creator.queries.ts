/**
 * What a creator sees of campaigns and money (SPEC.md §2 Upload's picker, Creator Dashboard): the
 * open campaigns and the creator's own transactions.
 */
import type { FilteredTraffic } from '@adreel/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { transactions } from '../../db/schema/submissions';
import { filteredViews } from '../metrics/metrics.service';
import { listCreatorVideoRows } from '../videos/videos.service';
import { campaignIsOpen } from './campaigns.queries';

/** Open campaigns for Upload's picker, newest first. */
export function listPickerCampaigns(db: Database) {
  return db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      payoutPerVideoCents: campaigns.payoutPerVideoCents,
    })
    .from(campaigns)
    .where(campaignIsOpen())
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
}

/** Everything booked for the creator, in cents. */
export async function creatorEarnedCents(db: Database, creatorId: string): Promise<number> {
  const [money] = await db
    .select({
      earningsCents: sql<number>`coalesce(sum(${transactions.amountCents}), 0)::bigint`,
    })
    .from(transactions)
    .where(eq(transactions.creatorId, creatorId));
  return Number(money?.earningsCents ?? 0);
}

/** The creator's transactions with their campaign's title, newest first. */
export function listCreatorTransactions(db: Database, creatorId: string) {
  return db
    .select({
      id: transactions.id,
      campaignTitle: campaigns.title,
      videoId: transactions.videoId,
      amountCents: transactions.amountCents,
      status: transactions.status,
      createdAt: transactions.createdAt,
      paidAt: transactions.paidAt,
    })
    .from(transactions)
    .innerJoin(campaigns, eq(campaigns.id, transactions.campaignId))
    .where(eq(transactions.creatorId, creatorId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/** Issue 16: the views of the creator's videos that were not counted, by reason (all time). */
export async function creatorFilteredTraffic(
  db: Database,
  creatorId: string,
): Promise<FilteredTraffic> {
  const rows = await listCreatorVideoRows(db, creatorId);
  return (
    await filteredViews(
      db,
      rows.map((row) => row.id),
    )
  ).total;
}
