/** What a weekly digest says: the week's top videos, the open campaigns, a creator's own week. */
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { digestPreferences } from '../../db/schema/digest';
import { likes, viewEvents } from '../../db/schema/engagement';
import { transactions } from '../../db/schema/submissions';
import { videos } from '../../db/schema/videos';
import { accountDirectory as account, hasRoleSql } from '../auth/auth.directory';
import { openCampaignsView as open } from '../campaigns/campaigns.directory';

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
  const weekViews = sql<number>`(select count(*) from ${viewEvents} where ${viewEvents.videoId} = ${videos.id} and ${viewEvents.countedAt} >= ${week.start.toISOString()}::timestamptz and ${viewEvents.countedAt} < ${week.end.toISOString()}::timestamptz)::int`;
  const rows = await db
    .select({
      id: videos.id,
      title: videos.title,
      creatorName: sql<string>`${account.displayName}`,
      weekViews,
      score: videos.decayedScore,
    })
    .from(videos)
    .innerJoin(account, eq(account.userId, videos.creatorId))
    .where(
      and(eq(videos.status, 'approved'), isNotNull(account.username), isNull(account.deletedAt)),
    )
    .orderBy(desc(weekViews), desc(videos.decayedScore), desc(videos.publishedAt))
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
  const { rows } = await db.execute<{ views: number; likes: number; earnings: number }>(sql`
    select
      (select count(*) from ${viewEvents} e join ${videos} v on v.id = e.video_id
        where v.creator_id = ${creatorId} and e.counted_at >= ${start}::timestamptz and e.counted_at < ${end}::timestamptz)::int as views,
      (select count(*) from ${likes} l join ${videos} v on v.id = l.video_id
        where v.creator_id = ${creatorId} and l.created_at >= ${start}::timestamptz and l.created_at < ${end}::timestamptz)::int as likes,
      (select coalesce(sum(t.amount_cents), 0) from ${transactions} t
        where t.creator_id = ${creatorId} and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz)::bigint as earnings`);
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
