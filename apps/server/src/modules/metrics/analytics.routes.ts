/**
 * Issue 19's analytics (decision 032): the brand's and the creator's per-video figures, one video's
 * retention curve and time series, and the live "analytics changed" stream. Every route needs a
 * signed-in caller; analytics.policy decides the side and the video.
 */

import { AREA_ROLES, errorResponseSchema, REQUEST_MESSAGES } from '@adreel/domain';
import {
  analyticsChangeSchema,
  analyticsOverviewSchema,
  analyticsSideQuerySchema,
  videoAnalyticsSchema,
} from '@adreel/domain/analytics-api';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth } from '../../platform/authenticate';
import { notFound } from '../../platform/errors';
import { createEventStreams } from '../../platform/realtime/event-stream';
import { streamCapsOf, streamRefusals } from '../../platform/realtime/stream-caps';
import { createAnalyticsHub } from './analytics.live';
import { analyticsOverview, analyticsStreamScope, videoAnalytics } from './analytics.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
/** The area the `as` query names: the brand side is the brand area's, the creator side the creator's. */
const sideGuards = {
  brand: allow.roles(AREA_ROLES.brand),
  creator: allow.roles(AREA_ROLES.creator),
};
const allowSide: preHandlerAsyncHookHandler = async function (request, reply) {
  const { as } = request.query as { as: keyof typeof sideGuards };
  await sideGuards[as].call(this, request, reply);
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const analyticsRoutes: FastifyPluginAsyncZod<{
  context: ModuleContext;
  /** Tests only: the clock the series are built by (default: real). */
  clock?: () => Date;
}> = async (app, { context, clock = () => new Date() }) => {
  const { db, realtime } = context;
  const hub = createAnalyticsHub(realtime);
  const streams = createEventStreams(streamCapsOf(app, context.config));
  app.addHook('preClose', async () => streams.closeAll());

  for (const side of ['brand', 'creator'] as const)
    app.get(
      `/analytics/${side}`,
      {
        preHandler: allow.roles(AREA_ROLES[side]),
        schema: {
          tags: ['analytics'],
          summary:
            side === 'brand'
              ? 'Figures, medians and cost per view of the videos approved into the brand’s campaigns'
              : 'Figures and medians of the creator’s own live videos',
          response: { 200: analyticsOverviewSchema, ...errors },
        },
      },
      async (request) => analyticsOverview(db, requireAuth(request), side, clock()),
    );

  app.get(
    '/analytics/videos/:videoId',
    {
      preHandler: allowSide,
      schema: {
        tags: ['analytics'],
        summary: 'One video: figures beside the median, retention curve, hourly then daily series',
        params: z.object({ videoId: z.string().max(100) }),
        querystring: analyticsSideQuerySchema,
        response: { 200: videoAnalyticsSchema, ...errors },
      },
    },
    async (request) => {
      const { videoId } = request.params;
      if (!UUID.test(videoId)) throw notFound(REQUEST_MESSAGES.videoNotFound);
      return videoAnalytics(db, requireAuth(request), request.query.as, videoId, clock());
    },
  );

  app.get(
    '/analytics/stream',
    {
      preHandler: allowSide,
      schema: {
        tags: ['analytics'],
        summary: 'Which of the caller’s videos’ analytics changed, live, as server-sent events',
        description:
          'Sends `{ changed: [videoId, …] }` within about a second of new counted views, completions, clicks, likes, shares or filtered views of the caller’s videos (in any process), at most once a second. The browser sends its bearer token, so it reads the stream with fetch.',
        querystring: analyticsSideQuerySchema,
        response: {
          200: {
            description: 'An event stream of analytics changes',
            content: { 'text/event-stream': { schema: analyticsChangeSchema } },
          },
          ...errors,
          ...streamRefusals,
        },
      },
    },
    async (request, reply) => {
      // Past the stream caps: refused before the scope is read (stream-caps.ts).
      streams.admit(request, reply);
      const scope = await analyticsStreamScope(db, requireAuth(request), request.query.as);
      let stream: ReturnType<typeof streams.open> | null = null;
      const leave = await hub.join(scope, (change) => stream?.send(change));
      stream = streams.open(request, reply);
      stream.onClose(leave);
      stream.send({ changed: [] });
    },
  );
};
