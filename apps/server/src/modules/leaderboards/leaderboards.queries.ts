/**
 * Top Videos and Top Creators (SPEC.md §2, §7 reads, §9): approved videos published in the last 14
 * days with at least LEADERBOARD_MIN_VIEWS counted views (issue 18); videos by decayed_score then views, 50 at most; creators by their videos' average
 * decayed_score then total views. Ties end on id, so the order is the same on every read.
 */
import type { TopCreator, TopVideo } from '@adreel/domain';
import {
  LEADERBOARD_MIN_VIEWS,
  LEADERBOARD_WINDOW_DAYS,
  TOP_VIDEOS_LIMIT,
} from '@adreel/domain/constants';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

const inWindow = sql`v.status = 'approved'
  and v.published_at > now() - make_interval(days => ${LEADERBOARD_WINDOW_DAYS})
  and v.views >= ${LEADERBOARD_MIN_VIEWS}`;

interface TopVideoRow extends Record<string, unknown> {
  id: string;
  title: string;
  caption: string | null;
  thumb_url: string | null;
  creator_id: string;
  username: string | null;
  display_name: string | null;
  photo_url: string | null;
  decayed_score: number;
  views: number;
  likes: number;
  shares: number;
  watch_time_avg: number;
}

export async function topVideos(db: Database): Promise<TopVideo[]> {
  const { rows } = await db.execute<TopVideoRow>(sql`
    select v.id, v.title, v.caption, v.thumb_url, v.creator_id, p.username, p.display_name,
      p.photo_url, v.decayed_score, v.views, v.likes, v.shares, v.watch_time_avg
    from videos v
    left join profiles p on p.user_id = v.creator_id
    where ${inWindow}
    order by v.decayed_score desc, v.views desc, v.id
    limit ${TOP_VIDEOS_LIMIT}`);
  return rows.map((row, index) => ({
    rank: index + 1,
    id: row.id,
    title: row.title,
    caption: row.caption,
    thumbUrl: row.thumb_url,
    creator: {
      id: row.creator_id,
      username: row.username ?? '',
      displayName: row.display_name ?? row.username ?? '',
      photoUrl: row.photo_url,
    },
    decayedScore: Number(row.decayed_score),
    views: Number(row.views),
    likes: Number(row.likes),
    shares: Number(row.shares),
    watchTimeAvg: Number(row.watch_time_avg),
  }));
}

interface TopCreatorRow extends Record<string, unknown> {
  creator_id: string;
  username: string | null;
  display_name: string | null;
  photo_url: string | null;
  average_score: number;
  total_views: number | string;
  video_count: number | string;
}

export async function topCreators(db: Database): Promise<TopCreator[]> {
  const { rows } = await db.execute<TopCreatorRow>(sql`
    select v.creator_id, p.username, p.display_name, p.photo_url,
      avg(v.decayed_score) as average_score, sum(v.views) as total_views,
      count(*) as video_count
    from videos v
    left join profiles p on p.user_id = v.creator_id
    where ${inWindow}
    group by v.creator_id, p.username, p.display_name, p.photo_url
    order by average_score desc, total_views desc, v.creator_id
    limit ${TOP_VIDEOS_LIMIT}`);
  return rows.map((row, index) => ({
    rank: index + 1,
    creator: {
      id: row.creator_id,
      username: row.username ?? '',
      displayName: row.display_name ?? row.username ?? '',
      photoUrl: row.photo_url,
    },
    averageScore: Number(row.average_score),
    totalViews: Number(row.total_views),
    videoCount: Number(row.video_count),
  }));
}
