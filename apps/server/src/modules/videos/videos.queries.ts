/**
 * The `videos` table's SQL (issue 15: only the videos module touches its rows): reading videos with
 * their creator and campaign in the API's shape (packages/domain video-api), and the lifecycle's
 * writes, which videos.service.ts calls with the caller's transaction.
 */
import type { Video, VideoStatus } from '@adreel/domain';
import { and, desc, eq, inArray, isNotNull, like, or, type SQL, sql } from 'drizzle-orm';
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

/** What the audit log names of a video whose state changed. */
const changed = { id: videos.id, title: videos.title, creatorId: videos.creatorId };
export type ChangedVideo = { id: string; title: string; creatorId: string };

/** The admin's approval: a pending video is published now. */
export async function approvePendingVideo(tx: Database, id: string): Promise<ChangedVideo | null> {
  const [row] = await tx
    .update(videos)
    .set({ status: 'approved', publishedAt: sql`now()` })
    .where(and(eq(videos.id, id), eq(videos.status, 'pending')))
    .returning(changed);
  return row ?? null;
}

/** The brand's approval: published if it was not yet, keeping an earlier publication time. */
export async function publishApprovedEntry(tx: Database, id: string): Promise<boolean> {
  const rows = await tx
    .update(videos)
    .set({ status: 'approved', publishedAt: sql`coalesce(${videos.publishedAt}, now())` })
    .where(and(eq(videos.id, id), inArray(videos.status, ['pending', 'approved'])))
    .returning({ id: videos.id });
  return rows.length > 0;
}

export async function markRejected(
  tx: Database,
  id: string,
  from: readonly VideoStatus[],
): Promise<ChangedVideo | null> {
  const [row] = await tx
    .update(videos)
    .set({ status: 'rejected', featured: false })
    .where(and(eq(videos.id, id), inArray(videos.status, [...from])))
    .returning(changed);
  return row ?? null;
}

export async function setFeatured(
  tx: Database,
  id: string,
  featured: boolean,
): Promise<ChangedVideo | null> {
  const [row] = await tx
    .update(videos)
    .set({ featured })
    .where(and(eq(videos.id, id), eq(videos.status, 'approved')))
    .returning(changed);
  return row ?? null;
}

/** A deleted account's live, pending and processing videos are rejected; returns their ids. */
export async function rejectCreatorVideos(tx: Database, creatorId: string): Promise<string[]> {
  const rows = await tx
    .update(videos)
    .set({ status: 'rejected', featured: false })
    .where(
      and(
        eq(videos.creatorId, creatorId),
        inArray(videos.status, ['approved', 'pending', 'processing']),
      ),
    )
    .returning({ id: videos.id });
  return rows.map((row) => row.id);
}

export async function findVideoStatus(tx: Database, id: string): Promise<VideoStatus | null> {
  const [row] = await tx.select({ status: videos.status }).from(videos).where(eq(videos.id, id));
  return row?.status ?? null;
}

/** The like counter of a live (approved) video, or null when it is not live. */
export async function findLiveVideoLikes(tx: Database, id: string): Promise<number | null> {
  const [row] = await tx
    .select({ likes: videos.likes })
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.status, 'approved')));
  return row ? row.likes : null;
}

/** Moves the like counter of one video by +1 or -1 (never below 0); returns it, or null. */
export async function bumpLikes(tx: Database, id: string, by: 1 | -1): Promise<number | null> {
  const [row] = await tx
    .update(videos)
    .set({
      likes: by === 1 ? sql`${videos.likes} + 1` : sql`greatest(${videos.likes} - 1, 0)`,
    })
    .where(eq(videos.id, id))
    .returning({ likes: videos.likes });
  return row ? row.likes : null;
}

/** One like less on each of these videos (never below 0). */
export async function dropOneLikeEach(tx: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(videos)
    .set({ likes: sql`greatest(${videos.likes} - 1, 0)` })
    .where(inArray(videos.id, [...ids]));
}

export async function addShare(tx: Database, id: string): Promise<number | null> {
  const [row] = await tx
    .update(videos)
    .set({ shares: sql`${videos.shares} + 1` })
    .where(eq(videos.id, id))
    .returning({ shares: videos.shares });
  return row ? row.shares : null;
}

export async function dropShares(tx: Database, id: string, count: number): Promise<void> {
  await tx
    .update(videos)
    .set({ shares: sql`greatest(${videos.shares} - ${count}, 0)` })
    .where(eq(videos.id, id));
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

export async function setCampaign(tx: Database, id: string, campaignId: string): Promise<void> {
  await tx.update(videos).set({ campaignId }).where(eq(videos.id, id));
}

/** A creator's video rows as stored, newest first (the account export: "Your data"). */
export function listCreatorVideoRows(db: Database, creatorId: string) {
  return db
    .select()
    .from(videos)
    .where(eq(videos.creatorId, creatorId))
    .orderBy(desc(videos.createdAt));
}

/** Processing finished: the renditions are stored and the video waits for review. */
export async function markProcessed(
  db: Database,
  id: string,
  media: { fileUrl: string; thumbUrl: string; durationSec: number },
): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set({ status: 'pending', ...media, failureReason: null })
    .where(and(eq(videos.id, id), eq(videos.status, 'processing')))
    .returning({ id: videos.id });
  return rows.length > 0;
}

/** Processing gave up: the video says why. */
export async function markProcessingFailed(
  db: Database,
  id: string,
  failureReason: string,
): Promise<void> {
  await db
    .update(videos)
    .set({ status: 'failed', failureReason })
    .where(and(eq(videos.id, id), eq(videos.status, 'processing')));
}

/** Rejected videos still naming media files (one, or up to 500), for purging. */
export function listRejectedWithMedia(db: Database, videoId?: string) {
  return db
    .select({ id: videos.id, fileUrl: videos.fileUrl, thumbUrl: videos.thumbUrl })
    .from(videos)
    .where(
      and(
        eq(videos.status, 'rejected'),
        or(isNotNull(videos.fileUrl), isNotNull(videos.thumbUrl)),
        videoId ? eq(videos.id, videoId) : sql`true`,
      ),
    )
    .limit(500);
}

/** A rejected video's files are gone: its row no longer names them. */
export async function clearRejectedMedia(db: Database, id: string): Promise<void> {
  await db
    .update(videos)
    .set({ fileUrl: null, thumbUrl: null })
    .where(and(eq(videos.id, id), eq(videos.status, 'rejected')));
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
