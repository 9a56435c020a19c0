import {
  accessRequestCreatedSchema,
  accessRequestSchema,
  betaProgressSchema,
  errorResponseSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { createEventStreams } from '../../platform/realtime/event-stream';
import { streamLive } from '../../platform/realtime/live-stream';
import { streamCapsOf, streamRefusals } from '../../platform/realtime/stream-caps';
import { createAccessService } from './access.service';
import { createBetaProgressFeed } from './beta-progress.feed';

/** The public side of access: joining the beta and watching its progress. */
export const accessRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const access = createAccessService(context.db, context.config);
  const feed = createBetaProgressFeed(context.realtime, () => access.betaProgress(), app.log);
  const streams = createEventStreams(streamCapsOf(app, context.config));
  // Open streams never go idle: without this, a graceful shutdown would wait for every browser.
  app.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });

  app.post(
    '/access-requests',
    {
      // Counted before validation, so malformed attempts count too.
      onRequest: (request) => context.rateLimiter.consume(RATE_LIMITS.joinPerIp, request.ip),
      schema: {
        tags: ['access'],
        summary: 'Ask to join the private beta (SPEC.md §2 Join)',
        body: accessRequestSchema,
        response: {
          201: accessRequestCreatedSchema.describe('The request was taken'),
          200: accessRequestCreatedSchema.describe(
            'This address had already asked; nothing changed',
          ),
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await access.requestAccess(request.body);
      return reply.code(result.status === 'created' ? 201 : 200).send(result);
    },
  );

  app.get(
    '/beta/progress',
    {
      schema: {
        tags: ['access'],
        summary: 'How many people have asked to join the beta, and the target',
        response: { 200: betaProgressSchema },
      },
    },
    () => access.betaProgress(),
  );

  app.get(
    '/beta/progress/stream',
    {
      schema: {
        tags: ['access'],
        summary: 'The beta progress, live, as server-sent events',
        description:
          'Sends the current progress at once, then again each time an access request is taken, as unnamed events whose data is the JSON below; a comment line every 25 s keeps proxies from closing the stream. Each process keeps only so many streams open per client address, per account and in all: past that the answer is 429 or 503 with Retry-After.',
        response: {
          200: {
            description: 'An event stream of beta progress',
            content: { 'text/event-stream': { schema: betaProgressSchema } },
          },
          ...streamRefusals,
        },
      },
    },
    (request, reply) =>
      streamLive(streams, request, reply, {
        subscribe: (listener) => feed.subscribe(listener),
        read: () => access.betaProgress(),
        what: 'the beta progress',
      }),
  );
};
