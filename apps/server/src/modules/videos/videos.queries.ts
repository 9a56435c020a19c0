/**
 * Reading the `videos` table (issue 15: only the videos module touches its rows): videos with their
 * creator and campaign in the API's shape (packages/domain video-api), and the figures other modules
 * ask the videos service for. The writes are in lifecycle.queries.ts.
 */
import type { Video, VideoStatus } from '@adreel/domain';
import { and, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/videos';
import { accountDirectory as profiles } from '../auth/auth.directory';
import { videoEntriesView as entries } from '../campaigns/campaign-entries.directory';
import { campaignTitlesView as campaigns } from '../campaigns/campaigns.directory';

const videoColumns = {
  video: videos,
  username: profiles.username,
  displayName: profiles.displayName,
  photoUrl: profiles.photoUrl,
  campaignTitle: campaigns.title,
  submissionStatus: entries.status,
};

type VideoJoinRow = {
  video: typeof videos.$inferSelect;
  username: string | null;
  displayName: string | null;
  photoUrl: string | null;
  campaignTitle: string | null;
  submissionStatus: Video['submissionStatus'];
};

export function toVideo(row: VideoJoinRow): Video {
  const v = row.video;
  return {
    id: v.id,
    title: v.title,
    caption: v.caption,
    status: v.status,
    failureReason: v.failureReason,
    processingProgress: v.status === 'processing' ? v.processingProgress : null,
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
    submissionStatus: row.submissionStatus ?? null,
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
    .leftJoin(entries, eq(entries.videoId, videos.id))
    .where(where)
    .orderBy(desc(videos.createdAt), desc(videos.id));
  return rows.map(toVideo);
}

export async function findVideo(db: Database, id: string): Promise<Video | null> {
  const [video] = await selectVideos(db, eq(videos.id, id));
  return video ?? null;
}

/** These videos (in no particular order), with their creator and campaign. */
export function listVideosById(db: Database, ids: readonly string[]): Promise<Video[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectVideos(db, inArray(videos.id, [...new Set(ids)]));
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

export function countVideosWithStatus(db: Database, status: VideoStatus): Promise<number> {
  return db.$count(videos, eq(videos.status, status));
}

/** The Creator Dashboard's video tiles: how many videos, their views and likes. */
export async function creatorVideoTotals(db: Database, creatorId: string) {
  const [totals] = await db
    .select({
      videos: sql<number>`count(*)::int`,
      totalViews: sql<number>`coalesce(sum(${videos.views}), 0)::int`,
      totalLikes: sql<number>`coalesce(sum(${videos.likes}), 0)::int`,
    })
    .from(videos)
    .where(eq(videos.creatorId, creatorId));
  return {
    videos: Number(totals?.videos ?? 0),
    totalViews: Number(totals?.totalViews ?? 0),
    totalLikes: Number(totals?.totalLikes ?? 0),
  };
}

/** The seeded demo videos that are live (their files carry a demo key: demo-videos.ts). */
export function listLiveDemoVideos(tx: Database) {
  return tx
    .select({
      id: videos.id,
      fileUrl: videos.fileUrl,
      creatorId: videos.creatorId,
      campaignId: videos.campaignId,
      publishedAt: videos.publishedAt,
    })
    .from(videos)
    .where(and(like(videos.fileUrl, '%/videos/demo-%'), eq(videos.status, 'approved')));
}

/** A creator's video rows as stored, newest first (the account export: "Your data"). */
export function listCreatorVideoRows(db: Database, creatorId: string) {
  return db
    .select()
    .from(videos)
    .where(eq(videos.creatorId, creatorId))
    .orderBy(desc(videos.createdAt));
}

/** The titles of these videos, by id (for lists that name a video). */
export async function findVideoTitles(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(inArray(videos.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.title]));
}

const published = (creatorId: string) =>
  and(eq(videos.creatorId, creatorId), eq(videos.status, 'approved'));

/** A public profile's tiles: the creator's published videos, their views and likes. */
export async function publishedVideoTotals(db: Database, creatorId: string) {
  const [totals] = await db
    .select({
      videoCount: sql<number>`count(*)::int`,
      totalViews: sql<number>`coalesce(sum(${videos.views}), 0)::bigint`,
      totalLikes: sql<number>`coalesce(sum(${videos.likes}), 0)::bigint`,
    })
    .from(videos)
    .where(published(creatorId));
  return {
    videoCount: Number(totals?.videoCount ?? 0),
    totalViews: Number(totals?.totalViews ?? 0),
    totalLikes: Number(totals?.totalLikes ?? 0),
  };
}

/** The creator's most recently published videos, as a profile lists them. */
export async function listRecentPublished(db: Database, creatorId: string, limit: number) {
  const rows = await db
    .select({
      id: videos.id,
      title: videos.title,
      caption: videos.caption,
      thumbUrl: videos.thumbUrl,
      views: videos.views,
      likes: videos.likes,
      publishedAt: videos.publishedAt,
    })
    .from(videos)
    .where(published(creatorId))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(limit);
  return rows.map((v) => ({ ...v, publishedAt: v.publishedAt?.toISOString() ?? null }));
}

export async function hasPublishedVideo(db: Database, creatorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(published(creatorId))
    .limit(1);
  return row !== undefined;
}

/** Where to tell a video's creator something: address and name; null once the account is closed. */
export async function creatorContact(
  db: Database,
  creatorId: string,
): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({
      email: profiles.email,
      username: profiles.username,
      displayName: profiles.displayName,
      deletedAt: profiles.deletedAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, creatorId));
  if (!row || row.deletedAt) return null;
  return { email: row.email, name: row.displayName ?? row.username ?? row.email };
}

/** How many of a creator's videos wait for processing (VIDEO_MAX_PROCESSING, decision 037). */
export async function countProcessingVideos(db: Database, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(videos)
    .where(and(eq(videos.creatorId, creatorId), eq(videos.status, 'processing')));
  return row?.count ?? 0;
}
