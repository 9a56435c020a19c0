/** What a weekly digest says: the week's top videos, the open campaigns, a creator's own week. */
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { digestPreferences } from '../../db/schema/digest';
import { accountDirectory as account, hasRoleSql } from '../auth/auth.directory';
import { earningsBookedSql, openCampaignsView as open } from '../campaigns/campaigns.directory';
import { likesOfSql, viewsCountedOfSql, viewsCountedSql } from '../engagement/engagement.directory';
import { approvedVideosView as video, videoIdsOfCreatorSql } from '../videos/videos.directory';

export const DIGEST_TOP_VIDEOS = 5;
export const DIGEST_CAMPAIGNS = 5;

/** The seven days a digest covers: [start, end). */
export interface DigestWeek {
  start: Date;
  end: Date;
}

export interface DigestVideo {
  id: string;
  title: string;
  creatorName: string;
  weekViews: number;
  score: number;
}

export interface DigestCampaign {
  id: string;
  title: string;
  brandName: string;
  payoutPerVideoCents: number;
  deadline: string | null;
}

export interface CreatorWeek {
  views: number;
  likes: number;
  earningsCents: number;
}

export interface DigestContent {
  week: DigestWeek;
  topVideos: DigestVideo[];
  campaigns: DigestCampaign[];
}

/**
 * Approved videos ranked by the views counted in the week, then by score: a quiet week still shows
 * the best of the feed rather than nothing.
 */
export async function topVideosOfWeek(db: Database, week: DigestWeek): Promise<DigestVideo[]> {
  const weekViews = viewsCountedSql(video.id, week.start.toISOString(), week.end.toISOString());
  const rows = await db
    .select({
      id: video.id,
      title: video.title,
      creatorName: sql<string>`${account.displayName}`,
      weekViews,
      score: video.decayedScore,
    })
    .from(video)
    .innerJoin(account, eq(account.userId, video.creatorId))
    .where(and(isNotNull(account.username), isNull(account.deletedAt)))
    .orderBy(desc(weekViews), desc(video.decayedScore), desc(video.publishedAt))
    .limit(DIGEST_TOP_VIDEOS);
  return rows;
}

export async function openCampaigns(db: Database): Promise<DigestCampaign[]> {
  return db
    .select({
      id: open.id,
      title: open.title,
      brandName: sql<string>`${account.displayName}`,
      payoutPerVideoCents: open.payoutPerVideoCents,
      deadline: open.deadline,
    })
    .from(open)
    .innerJoin(account, eq(account.userId, open.brandId))
    .where(isNotNull(account.username))
    .orderBy(sql`${open.deadline} asc nulls last`, desc(open.createdAt))
    .limit(DIGEST_CAMPAIGNS);
}

export async function digestContent(db: Database, week: DigestWeek): Promise<DigestContent> {
  const [topVideos, open] = await Promise.all([topVideosOfWeek(db, week), openCampaigns(db)]);
  return { week, topVideos, campaigns: open };
}

/** The creator's views, likes and booked earnings in the week, over all their videos. */
export async function creatorWeek(
  db: Database,
  creatorId: string,
  week: DigestWeek,
): Promise<CreatorWeek> {
  const start = week.start.toISOString();
  const end = week.end.toISOString();
  const videoIds = videoIdsOfCreatorSql(creatorId);
  const { rows } = await db.execute<{ views: number; likes: number; earnings: number }>(sql`
    select
      ${viewsCountedOfSql(videoIds, start, end)} as views,
      ${likesOfSql(videoIds, start, end)} as likes,
      ${earningsBookedSql(creatorId, start, end)} as earnings`);
  const row = rows[0];
  return {
    views: Number(row?.views ?? 0),
    likes: Number(row?.likes ?? 0),
    earningsCents: Number(row?.earnings ?? 0),
  };
}

export interface DigestRecipient {
  userId: string;
  email: string;
  name: string;
  isCreator: boolean;
}

const recipientColumns = {
  userId: account.userId,
  email: account.email,
  name: sql<string>`${account.displayName}`,
  isCreator: hasRoleSql(account.userId, 'creator'),
};

/** Everyone who gets the digest: live accounts with a proven address that did not opt out. */
export async function digestRecipients(db: Database): Promise<DigestRecipient[]> {
  return db
    .select(recipientColumns)
    .from(account)
    .leftJoin(digestPreferences, eq(digestPreferences.userId, account.userId))
    .where(
      and(
        isNotNull(account.username),
        isNull(account.deletedAt),
        isNotNull(account.emailVerifiedAt),
        sql`coalesce(${digestPreferences.subscribed}, true)`,
      ),
    )
    .orderBy(asc(account.userId));
}

export async function recipientById(
  db: Database,
  userId: string,
): Promise<DigestRecipient | undefined> {
  const [row] = await db
    .select(recipientColumns)
    .from(account)
    .where(and(eq(account.userId, userId), isNotNull(account.username), isNull(account.deletedAt)));
  return row;
}
