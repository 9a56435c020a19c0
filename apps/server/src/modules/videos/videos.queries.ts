/** Reading videos with their creator and campaign, in the API's shape (packages/domain video-api). */
import type { Video, VideoStatus } from '@adreel/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns, profiles, videos } from '../../db/schema';

const videoColumns = {
  video: videos,
  username: profiles.username,
  displayName: profiles.displayName,
  photoUrl: profiles.photoUrl,
  campaignTitle: campaigns.title,
};

type VideoJoinRow = {
  video: typeof videos.$inferSelect;
  username: string | null;
  displayName: string | null;
  photoUrl: string | null;
  campaignTitle: string | null;
};

export function toVideo(row: VideoJoinRow): Video {
  const v = row.video;
  return {
    id: v.id,
    title: v.title,
    caption: v.caption,
    status: v.status,
    failureReason: v.failureReason,
    durationSec: v.durationSec,
    fileUrl: v.fileUrl,
    thumbUrl: v.thumbUrl,
    ctaText: v.ctaText,
    ctaUrl: v.ctaUrl,
    views: v.views,
    likes: v.likes,
    shares: v.shares,
    featured: v.featured,
    campaignId: v.campaignId,
    campaignTitle: row.campaignTitle,
    createdAt: v.createdAt.toISOString(),
    publishedAt: v.publishedAt?.toISOString() ?? null,
    creator: {
      id: v.creatorId,
      username: row.username ?? '',
      displayName: row.displayName ?? row.username ?? '',
      photoUrl: row.photoUrl,
    },
  };
}

async function selectVideos(db: Database, where: SQL | undefined): Promise<Video[]> {
  const rows = await db
    .select(videoColumns)
    .from(videos)
    .leftJoin(profiles, eq(profiles.userId, videos.creatorId))
    .leftJoin(campaigns, eq(campaigns.id, videos.campaignId))
    .where(where)
    .orderBy(desc(videos.createdAt), desc(videos.id));
  return rows.map(toVideo);
}

export async function findVideo(db: Database, id: string): Promise<Video | null> {
  const [video] = await selectVideos(db, eq(videos.id, id));
  return video ?? null;
}

export function listCreatorVideos(db: Database, creatorId: string): Promise<Video[]> {
  return selectVideos(db, eq(videos.creatorId, creatorId));
}

export function listVideosByStatus(
  db: Database,
  status: VideoStatus | undefined,
): Promise<Video[]> {
  return selectVideos(db, status ? eq(videos.status, status) : undefined);
}

export function videoIs(id: string, status: VideoStatus): SQL | undefined {
  return and(eq(videos.id, id), eq(videos.status, status));
}
