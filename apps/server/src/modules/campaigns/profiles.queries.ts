/**
 * A creator's public profile (SPEC.md §2 Profile): approved videos only, as the feed shows them, and
 * earnings from the bookings (recorded and paid).
 */
import type { CreatorProfile } from '@adreel/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, transactions, userRoles, users, videos } from '../../db/schema';

/** How many recent videos the profile shows (SPEC.md §2: three recent videos). */
export const PROFILE_RECENT_VIDEOS = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `publicOnly`: another person's profile is public only if they are a creator (or have published
 * videos); a brand's, viewer's or admin's account is "not found" to others.
 */
export async function findCreatorProfile(
  db: Database,
  userId: string,
  { publicOnly = false }: { publicOnly?: boolean } = {},
): Promise<CreatorProfile | null> {
  // Any other text is simply no one's id: a not-found, like an id that does not exist.
  if (!UUID.test(userId)) return null;
  const [person] = await db
    .select({
      id: profiles.userId,
      username: profiles.username,
      displayName: profiles.displayName,
      photoUrl: profiles.photoUrl,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(profiles.userId, userId),
        isNull(users.deletedAt),
        publicOnly
          ? sql`(exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.userId} and ${userRoles.role} = 'creator') or exists (select 1 from ${videos} where ${videos.creatorId} = ${profiles.userId} and ${videos.status} = 'approved'))`
          : undefined,
      ),
    );
  if (!person) return null;
  const approved = and(eq(videos.creatorId, userId), eq(videos.status, 'approved'));
  const [totals] = await db
    .select({
      videoCount: sql<number>`count(*)::int`,
      totalViews: sql<number>`coalesce(sum(${videos.views}), 0)::bigint`,
      totalLikes: sql<number>`coalesce(sum(${videos.likes}), 0)::bigint`,
    })
    .from(videos)
    .where(approved);
  const [money] = await db
    .select({ earningsCents: sql<number>`coalesce(sum(${transactions.amountCents}), 0)::bigint` })
    .from(transactions)
    .where(eq(transactions.creatorId, userId));
  const recent = await db
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
    .where(approved)
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(PROFILE_RECENT_VIDEOS);
  return {
    ...person,
    displayName: person.displayName || person.username,
    videoCount: Number(totals?.videoCount ?? 0),
    totalViews: Number(totals?.totalViews ?? 0),
    totalLikes: Number(totals?.totalLikes ?? 0),
    earningsCents: Number(money?.earningsCents ?? 0),
    recentVideos: recent.map((v) => ({ ...v, publishedAt: v.publishedAt?.toISOString() ?? null })),
  };
}
