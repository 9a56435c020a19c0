/**
 * The brand's and the creator's lists of submissions and transactions: the campaigns module's rows
 * (campaigns.queries.ts, scoped by campaigns.policy) with their videos from the videos module, which
 * owns that table. A row whose video went meanwhile is left out, as the join it replaces did
 * (submissions cascade with their video); a transaction keeps its row with no title (video_id is set
 * null when the video goes).
 */
import type { BrandSubmission, BrandTransaction } from '@adreel/domain';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../platform/policy';
import { findVideoTitles, listVideosById } from '../videos/videos.service';
import { mayUseCreatorArea } from './campaigns.policy';
import {
  selectBrandSubmissions,
  selectBrandTransactions,
  selectCreatorSubmissions,
} from './campaigns.queries';

async function videosById(db: Database, ids: string[]) {
  return new Map((await listVideosById(db, ids)).map((video) => [video.id, video]));
}

export async function listBrandSubmissions(
  db: Database,
  scope: SQL | undefined,
  id?: string,
): Promise<BrandSubmission[]> {
  const rows = await selectBrandSubmissions(db, scope, id);
  const videos = await videosById(
    db,
    rows.map((row) => row.videoId),
  );
  return rows.flatMap(({ videoId, ...row }) => {
    const video = videos.get(videoId);
    if (!video) return [];
    const { title, caption, status, fileUrl, thumbUrl, durationSec } = video;
    return [
      { ...row, video: { id: videoId, title, caption, status, fileUrl, thumbUrl, durationSec } },
    ];
  });
}

export async function listBrandTransactions(
  db: Database,
  scope: SQL | undefined,
  id?: string,
): Promise<BrandTransaction[]> {
  const rows = await selectBrandTransactions(db, scope, id);
  const titles = await findVideoTitles(
    db,
    rows.flatMap((row) => (row.videoId ? [row.videoId] : [])),
  );
  return rows.map(({ videoId, ...row }) => ({
    ...row,
    videoTitle: videoId ? (titles.get(videoId) ?? null) : null,
  }));
}

export async function listCreatorSubmissions(db: Database, creatorId: string) {
  const rows = await selectCreatorSubmissions(db, creatorId);
  const videos = await videosById(
    db,
    rows.map((row) => row.videoId),
  );
  return rows.flatMap(({ videoId, ...row }) => {
    const video = videos.get(videoId);
    if (!video) return [];
    return [{ ...row, video: { id: videoId, title: video.title, status: video.status } }];
  });
}

/** The creator's own entries and the brands' decisions (GET /api/creator/submissions). */
export async function listOwnSubmissions(db: Database, actor: Actor) {
  authorize(mayUseCreatorArea(actor));
  return { submissions: await listCreatorSubmissions(db, actor.userId) };
}
