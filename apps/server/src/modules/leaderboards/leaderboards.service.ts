/**
 * The public leaderboards (SPEC.md §2 Leaderboard). Anyone may read them, signed out included, so
 * there is no policy to ask (decision 029): what they show is only what the feed shows.
 */
import type { Database } from '../../db/client';
import { topCreators, topVideos } from './leaderboards.queries';

export async function videoLeaderboard(db: Database) {
  return { videos: await topVideos(db) };
}

export async function creatorLeaderboard(db: Database) {
  return { creators: await topCreators(db) };
}
