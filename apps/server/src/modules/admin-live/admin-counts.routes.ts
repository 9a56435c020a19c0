/** GET /api/admin/counts/stream: the admin tab counts as server-sent events (under the admin guard). */
import { adminCountsSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { adminErrors } from '../../platform/admin-schemas';
import { requireAuth } from '../../platform/authenticate';
import { createEventStreams } from '../../platform/realtime/event-stream';
import { streamLive } from '../../platform/realtime/live-stream';
import { streamCapsOf, streamRefusals } from '../../platform/realtime/stream-caps';
import { createAdminCountsFeed, readAdminCounts, watchAdminCounts } from './admin-counts';

export const adminCountsStreamRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db, realtime } = context;
  const feed = createAdminCountsFeed(realtime, db, app.log);
  const streams = createEventStreams(streamCapsOf(app, context.config));
  app.addHook('preClose', async () => streams.closeAll());

  app.get(
    '/counts/stream',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admin tab counts, live, as server-sent events',
        description:
          'Sends the pending-video and open-report counts at once, then again whenever a video enters or leaves review or a report is filed or closed (in any process). The browser sends its bearer token, so it reads the stream with fetch rather than EventSource.',
        response: {
          200: {
            description: 'An event stream of admin counts',
            content: { 'text/event-stream': { schema: adminCountsSchema } },
          },
          ...adminErrors,
          ...streamRefusals,
        },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      await streamLive(streams, request, reply, {
        subscribe: (listener) => watchAdminCounts(feed, actor, listener),
        read: () => readAdminCounts(db, actor),
        what: 'the admin counts',
      });
    },
  );
};
