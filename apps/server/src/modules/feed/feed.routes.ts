/**
 * GET /api/feed: public; the caller's likes are marked when a Bearer token comes along. Each page
 * carries an impression token per video for its viewer (issue 16, decision 030): the Bearer token's
 * user, or the device id a client sends in X-Device-Id (preferred when both come: a signed-in
 * viewer's sendBeacon batch carries only the device id). GET /api/feed/impressions gives the tokens
 * for videos the client has without one (the first page written into the HTML of /feed).
 */
import {
  DEVICE_ID_HEADER,
  deviceIdSchema,
  errorResponseSchema,
  type FeedImpressions,
  type FeedPage,
  feedImpressionsQuerySchema,
  feedImpressionsSchema,
  feedPageSchema,
  feedQuerySchema,
} from '@adreel/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { impressionSigner } from '../metrics/metrics.service';
import { createFeedCache } from './feed.cache';
import {
  type FeedPageText,
  getFeedPageText,
  liveFeedVideoIds,
  withImpressions,
} from './feed.service';

const deviceHeader = DEVICE_ID_HEADER.toLowerCase();

/** Whom the tokens are for: `d:<device id>` when the header holds one, else `u:<user id>`, else nobody. */
export function impressionViewerKey(request: FastifyRequest): string | null {
  const header = request.headers[deviceHeader];
  const parsed = deviceIdSchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (parsed.success) return `d:${parsed.data}`;
  const userId = request.auth?.userId;
  return userId ? `u:${userId}` : null;
}

export const feedRoutes: FastifyPluginAsyncZod<{
  context: ModuleContext;
  /** Tests only: the clock impression tokens are issued by (default: real). */
  clock?: () => Date;
}> = async (app, { context, clock = () => new Date() }) => {
  const ttlMs = context.config.feedCacheMs;
  const cache = ttlMs > 0 ? createFeedCache<FeedPageText>(ttlMs) : null;
  if (cache) app.addHook('onClose', async () => cache.close());
  const signer = impressionSigner(context.db);

  /** Tokens for these videos for the request's viewer; none when the viewer is unknown. */
  async function tokensFor(request: FastifyRequest, ids: readonly string[]) {
    const viewerKey = impressionViewerKey(request);
    return viewerKey ? signer.issue(viewerKey, ids, clock()) : {};
  }

  app.get(
    '/feed',
    {
      // The busiest read: the page is JSON text already (the database writes each video's JSON,
      // feed.queries.ts), sent as it is rather than re-validated by zod on every response; the
      // schema still documents it (OpenAPI) and the tests parse responses with it.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['feed'],
        summary: 'Approved videos with their creators, featured first, 20 per page',
        description: `Each page carries \`impressions\`: a token per video for the viewer (the \`${DEVICE_ID_HEADER}\` header's device id, else the Bearer token's user; none for neither), which metric events about the video carry.`,
        querystring: feedQuerySchema,
        response: { 200: feedPageSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewerId = request.auth?.userId ?? null;
      const { cursor, start } = request.query;
      // Signed out: the same page for everyone, kept serialized for a moment (feed.cache.ts); the
      // viewer's own tokens are spliced in after the cache.
      const page =
        cache && !viewerId
          ? await cache.get(`${cursor ?? ''} ${start ?? ''}`, () =>
              getFeedPageText(context.db, { viewerId, cursor, start }),
            )
          : await getFeedPageText(context.db, { viewerId, cursor, start });
      const body = withImpressions(page, await tokensFor(request, page.ids));
      // Already JSON: with a JSON content type Fastify sends a string as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as FeedPage);
    },
  );

  app.get(
    '/feed/impressions',
    {
      schema: {
        tags: ['feed'],
        summary: 'Impression tokens for feed videos the client has without one',
        description: `For the first page written into the HTML of /feed, which carries none. Same viewer as GET /api/feed (\`${DEVICE_ID_HEADER}\` or the Bearer token); videos that are not live are left out.`,
        querystring: feedImpressionsQuerySchema,
        response: {
          200: feedImpressionsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request): Promise<FeedImpressions> => {
      const ids = await liveFeedVideoIds(context.db, [...new Set(request.query.ids)]);
      return { impressions: await tokensFor(request, ids) };
    },
  );
};
