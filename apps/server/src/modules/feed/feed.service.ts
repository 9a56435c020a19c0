/** Pages of the feed (SPEC.md §2 Feed, §9 page size 20) with an opaque cursor. */
import { FEED_PAGE_SIZE, type FeedPage } from '@adreel/domain';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { type FeedPosition, selectFeed, selectLiveIds } from './feed.queries';

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
 * A page as GET /api/feed answers it, but for its impression tokens, which are the viewer's own
 * (issue 16): `head` is the page's JSON text without the closing brace (the database writes each
 * video's JSON, feed.queries.ts, so nothing here parses or re-serializes them), `ids` its videos.
 * What a signed-out viewer is served is cached in this form (feed.cache.ts); withImpressions
 * completes it per request.
 */
export interface FeedPageText {
  head: string;
  ids: string[];
}

export async function getFeedPageText(db: Database, request: FeedRequest): Promise<FeedPageText> {
  const { viewerId } = request;
  let after: FeedPosition | undefined;
  let excludeId: string | undefined;
  const videos: string[] = [];
  const ids: string[] = [];
  if (request.cursor) {
    ({ after, excludeId } = decodeCursor(request.cursor));
  } else if (request.start) {
    // A link from a profile: that video first (when it is live), then the feed without it.
    const [first] = await selectFeed(db, { viewerId, onlyId: request.start, limit: 1 });
    if (first) {
      videos.push(first.video);
      ids.push(first.id);
      excludeId = first.id;
    }
  }
  const wanted = FEED_PAGE_SIZE - videos.length;
  const rows = await selectFeed(db, { viewerId, after, excludeId, limit: wanted + 1 });
  const page = rows.slice(0, wanted);
  for (const row of page) {
    videos.push(row.video);
    ids.push(row.id);
  }
  const last = page.at(-1);
  const nextCursor = rows.length > wanted && last ? encodeCursor(last.position, excludeId) : null;
  return {
    head: `{"videos":[${videos.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}`,
    ids,
  };
}

/** The page's JSON text with its tokens (video id → token) spliced in. */
export function withImpressions(page: FeedPageText, impressions: Record<string, string>): string {
  return `${page.head},"impressions":${JSON.stringify(impressions)}}`;
}

/**
 * The same page as an object, for the server's own use: the first page written into the HTML of
 * /feed, the same for every signed-out visitor and so without tokens (the client asks for them at
 * GET /api/feed/impressions).
 */
export async function getFeedPage(db: Database, request: FeedRequest): Promise<FeedPage> {
  return JSON.parse(withImpressions(await getFeedPageText(db, request), {})) as FeedPage;
}

/** Of these ids, the videos in the feed (approved), for GET /api/feed/impressions. */
export function liveFeedVideoIds(db: Database, ids: readonly string[]): Promise<string[]> {
  return selectLiveIds(db, ids);
}
