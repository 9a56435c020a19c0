/**
 * Read models the engagement module publishes for other modules' queries (decision 028): counts of
 * counted views and likes in a time window, as SQL to embed, so no other module imports the
 * view_events or likes tables. Callers: the weekly digest, campaigns' Performance tab (dailyEngagement). Windows are [start, end), ISO
 * instants.
 */
import { and, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { likes, shares, viewEvents } from '../../db/schema/engagement';

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

/**
 * Per UTC day (YYYY-MM-DD) since `since`: views counted, likes and shares of `videoIds` (not empty),
 * each a list of { day, count } in no particular order.
 */
export function dailyEngagement(db: Database, videoIds: string[], since: Date) {
  const day = (column: AnyPgColumn) =>
    sql<string>`to_char((${column} at time zone 'utc')::date, 'YYYY-MM-DD')`;
  return Promise.all([
    db
      .select({ day: day(viewEvents.countedAt), count: sql<number>`count(*)::int` })
      .from(viewEvents)
      .where(
        and(
          inArray(viewEvents.videoId, videoIds),
          isNotNull(viewEvents.countedAt),
          gte(viewEvents.countedAt, since),
        ),
      )
      .groupBy(sql`1`),
    db
      .select({ day: day(likes.createdAt), count: sql<number>`count(*)::int` })
      .from(likes)
      .where(and(inArray(likes.videoId, videoIds), gte(likes.createdAt, since)))
      .groupBy(sql`1`),
    db
      .select({ day: day(shares.createdAt), count: sql<number>`count(*)::int` })
      .from(shares)
      .where(and(inArray(shares.videoId, videoIds), gte(shares.createdAt, since)))
      .groupBy(sql`1`),
  ]);
}
