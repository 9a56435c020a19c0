/** A creator's view of campaigns and money: Upload's picker, the dashboard's tiles, earnings. */
import type { CreatorEarnings, CreatorStats } from '@adreel/domain';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../platform/policy';
import { creatorVideoTotals, findVideoTitles } from '../videos/videos.service';
import { mayUseCreatorArea } from './campaigns.policy';
import {
  creatorEarnedCents,
  creatorFilteredTraffic,
  listCreatorTransactions,
  listPickerCampaigns,
} from './creator.queries';

export async function openCampaignsForUpload(db: Database, actor: Actor) {
  authorize(mayUseCreatorArea(actor));
  return { campaigns: await listPickerCampaigns(db) };
}

/** The Creator Dashboard's tiles: videos, views and likes over all their videos, and earnings. */
export async function creatorStats(db: Database, actor: Actor): Promise<CreatorStats> {
  authorize(mayUseCreatorArea(actor));
  const creatorId = actor.userId;
  const totals = await creatorVideoTotals(db, creatorId);
  return {
    ...totals,
    earningsCents: await creatorEarnedCents(db, creatorId),
    filtered: await creatorFilteredTraffic(db, creatorId),
  };
}

/** The caller's own earnings: totals and transactions, newest first. */
export async function creatorEarnings(db: Database, actor: Actor): Promise<CreatorEarnings> {
  authorize(mayUseCreatorArea(actor));
  const creatorId = actor.userId;
  const rows = await listCreatorTransactions(db, creatorId);
  // The video's title from the videos module; none when the video is gone (video_id set null).
  const titles = await findVideoTitles(
    db,
    rows.flatMap((row) => (row.videoId ? [row.videoId] : [])),
  );
  let totalCents = 0;
  let paidOutCents = 0;
  for (const row of rows) {
    totalCents += Number(row.amountCents);
    if (row.status === 'paid') paidOutCents += Number(row.amountCents);
  }
  return {
    totalCents,
    paidOutCents,
    transactions: rows.map(({ videoId, ...row }) => ({
      ...row,
      videoTitle: videoId ? (titles.get(videoId) ?? null) : null,
      amountCents: Number(row.amountCents),
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
  };
}
