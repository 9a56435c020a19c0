/**
 * Read models the engagement module publishes for other modules' queries (decision 028): counts of
 * counted views and likes in a time window, as SQL to embed, so no other module imports the
 * view_events or likes tables. Caller: the weekly digest. Windows are [start, end), ISO
 * instants.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likes, viewEvents } from '../../db/schema/engagement';

/** Views counted for the video in `videoId` (a column of the caller's query) in the window. */
export function viewsCountedSql(videoId: AnyPgColumn, start: string, end: string): SQL<number> {
  return sql<number>`(select count(*) from ${viewEvents} where ${viewEvents.videoId} = ${videoId} and ${viewEvents.countedAt} >= ${start}::timestamptz and ${viewEvents.countedAt} < ${end}::timestamptz)::int`;
}

/** Views counted in the window for any of `videoIds` (a subquery of video ids). */
export function viewsCountedOfSql(videoIds: SQL, start: string, end: string): SQL<number> {
  return sql<number>`(select count(*) from ${viewEvents} where ${viewEvents.videoId} in ${videoIds} and ${viewEvents.countedAt} >= ${start}::timestamptz and ${viewEvents.countedAt} < ${end}::timestamptz)::int`;
}

/** Likes given in the window to any of `videoIds` (a subquery of video ids). */
export function likesOfSql(videoIds: SQL, start: string, end: string): SQL<number> {
  return sql<number>`(select count(*) from ${likes} where ${likes.videoId} in ${videoIds} and ${likes.createdAt} >= ${start}::timestamptz and ${likes.createdAt} < ${end}::timestamptz)::int`;
}
