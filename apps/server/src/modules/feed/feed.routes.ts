/** GET /api/feed: public; the caller's likes are marked when a Bearer token comes along. */
import {
  errorResponseSchema,
  type FeedPage,
  feedPageSchema,
  feedQuerySchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { createFeedCache } from './feed.cache';
import { getFeedPageJson } from './feed.service';

export const feedRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const ttlMs = context.config.feedCacheMs;
  const cache = ttlMs > 0 ? createFeedCache(ttlMs) : null;
  if (cache) app.addHook('onClose', async () => cache.close());

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
        querystring: feedQuerySchema,
        response: { 200: feedPageSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewerId = request.auth?.userId ?? null;
      const { cursor, start } = request.query;
      // Signed out: the same page for everyone, kept serialized for a moment (feed.cache.ts).
      const body =
        cache && !viewerId
          ? await cache.get(`${cursor ?? ''} ${start ?? ''}`, () =>
              getFeedPageJson(context.db, { viewerId, cursor, start }),
            )
          : await getFeedPageJson(context.db, { viewerId, cursor, start });
      // Already JSON: with a JSON content type Fastify sends a string as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as FeedPage);
    },
  );
};
