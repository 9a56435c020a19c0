/**
 * Read models the videos module publishes for other modules' queries (decision 028): they join or
 * embed these instead of importing the videos table, so the videos module stays its only writer
 * and one place says which videos are public. Callers: the weekly digest, campaigns' Performance tab.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { videos } from '../../db/schema/videos';

/** The approved (public) videos, with what ranking them needs. */
export const approvedVideosView = new QueryBuilder()
  .select({
    id: videos.id,
    title: videos.title,
    creatorId: videos.creatorId,
    decayedScore: videos.decayedScore,
    publishedAt: videos.publishedAt,
  })
  .from(videos)
  .where(eq(videos.status, 'approved'))
  .as('approved_videos');

/**
 * The approved (public) videos with their running counters: what a brand's Performance tab shows
 * for the videos it paid for (campaigns' performance.queries).
 */
export const approvedVideoCountersView = new QueryBuilder()
  .select({
    id: videos.id,
    title: videos.title,
    creatorId: videos.creatorId,
    views: videos.views,
    likes: videos.likes,
    shares: videos.shares,
    clicks: videos.clicks,
    vt90Count: videos.vt90Count,
    watchTimeAvg: videos.watchTimeAvg,
    durationSec: videos.durationSec,
    publishedAt: videos.publishedAt,
  })
  .from(videos)
  .where(eq(videos.status, 'approved'))
  .as('approved_video_counters');

/** `(select id from videos where creator_id = …)`: every video of the creator, any status. */
export function videoIdsOfCreatorSql(creatorId: string): SQL {
  return sql`(select ${videos.id} from ${videos} where ${videos.creatorId} = ${creatorId})`;
}
