/** GET /api/admin/counts/stream: the admin tab counts as server-sent events (under the admin guard). */
import { adminCountsSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { adminErrors } from '../../platform/admin-schemas';
import { requireAuth } from '../../platform/authenticate';
import { createEventStreams, type EventStream } from '../../platform/realtime/event-stream';
import { createAdminCountsFeed, readAdminCounts, watchAdminCounts } from './admin-counts';

export const adminCountsStreamRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db, realtime } = context;
  const feed = createAdminCountsFeed(realtime, db, app.log);
  const streams = createEventStreams();
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
        },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      let stream: EventStream | null = null;
      let updated = false;
      const unsubscribe = await watchAdminCounts(feed, actor, (counts) => {
        if (!stream) return;
        updated = true;
        stream.send(counts);
      });
      stream = streams.open(request, reply);
      stream.onClose(unsubscribe);
      try {
        const counts = await readAdminCounts(db, actor);
        if (!updated) stream.send(counts);
      } catch (error) {
        request.log.warn({ err: error }, 'could not read the admin counts; the browser will retry');
        stream.close();
      }
    },
  );
};
