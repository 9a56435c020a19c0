/** Pages of the feed (SPEC.md §2 Feed, §9 page size 20) with an opaque cursor. */
import { FEED_PAGE_SIZE, type FeedPage } from '@adreel/domain';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { type FeedPosition, selectFeed } from './feed.queries';

/** What a cursor carries: where the last page ended, and the video shown first (if any). */
const cursorSchema = z.object({
  f: z.boolean(),
  s: z.number(),
  // PostgreSQL's timestamptz text; it goes into SQL as a parameter cast back to timestamptz.
  p: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/),
  i: z.uuid(),
  x: z.uuid().optional(),
});

const INVALID_CURSOR = 'Invalid cursor';

export function encodeCursor(position: FeedPosition, excludeId: string | undefined): string {
  const payload = {
    f: position.featured,
    s: position.decayedScore,
    p: position.publishedAt,
    i: position.id,
    ...(excludeId ? { x: excludeId } : {}),
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** A month 13 matches the pattern but would make the database's cast fail. */
function isRealTime(text: string): boolean {
  const iso = text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return !Number.isNaN(Date.parse(iso));
}

export function decodeCursor(cursor: string): { after: FeedPosition; excludeId?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR, 'invalid_cursor');
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success || !isRealTime(result.data.p))
    throw badRequest(INVALID_CURSOR, 'invalid_cursor');
  const { f, s, p, i, x } = result.data;
  return {
    after: { featured: f, decayedScore: s, publishedAt: p, id: i },
    ...(x ? { excludeId: x } : {}),
  };
}

export interface FeedRequest {
  viewerId: string | null;
  cursor?: string | undefined;
  start?: string | undefined;
}

/**
 * The page as the JSON text GET /api/feed answers (a FeedPage): the videos' JSON comes from the
 * database as it is (feed.queries.ts), so nothing here parses or re-serializes them.
 */
export async function getFeedPageJson(db: Database, request: FeedRequest): Promise<string> {
  const { viewerId } = request;
  let after: FeedPosition | undefined;
  let excludeId: string | undefined;
  const videos: string[] = [];
  if (request.cursor) {
    ({ after, excludeId } = decodeCursor(request.cursor));
  } else if (request.start) {
    // A link from a profile: that video first (when it is live), then the feed without it.
    const [first] = await selectFeed(db, { viewerId, onlyId: request.start, limit: 1 });
    if (first) {
      videos.push(first.video);
      excludeId = first.id;
    }
  }
  const wanted = FEED_PAGE_SIZE - videos.length;
  const rows = await selectFeed(db, { viewerId, after, excludeId, limit: wanted + 1 });
  const page = rows.slice(0, wanted);
  for (const row of page) videos.push(row.video);
  const last = page.at(-1);
  const nextCursor = rows.length > wanted && last ? encodeCursor(last.position, excludeId) : null;
  return `{"videos":[${videos.join(',')}],"nextCursor":${JSON.stringify(nextCursor)},"impressions":{}}`;
}

/** The same page as an object, for the server's own use (the web page's first poster). */
export async function getFeedPage(db: Database, request: FeedRequest): Promise<FeedPage> {
  return JSON.parse(await getFeedPageJson(db, request)) as FeedPage;
}
