/** Like, share and report a video; the reporter's own reports (SPEC.md §2 Feed, §5 Report, §6). */
import {
  errorResponseSchema,
  FEED_MESSAGES,
  likeStateSchema,
  myReportListSchema,
  REQUEST_MESSAGES,
  reportResultSchema,
  reportSchema,
  shareResultSchema,
} from '@adreel/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth, UNPROVEN_ALLOWED } from '../../platform/authenticate';
import { unauthorized } from '../../platform/errors';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { mayEngage } from './engagement.policy';
import {
  likeVideo,
  listMyReports,
  reportVideo,
  shareVideo,
  unlikeVideo,
} from './engagement.service';

const idParams = z.object({ id: z.uuid({ error: REQUEST_MESSAGES.invalidVideoId }) });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
};

export const engagementRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db } = context;
  const signedIn = { preHandler: allow.signedIn };

  app.put(
    '/videos/:id/like',
    {
      ...signedIn,
      schema: {
        tags: ['engagement'],
        summary: 'Like a video (once per user; liking again changes nothing)',
        params: idParams,
        response: { 200: likeStateSchema, ...errors },
      },
    },
    async (request) => likeVideo(db, requireAuth(request), request.params.id),
  );

  app.delete(
    '/videos/:id/like',
    {
      ...signedIn,
      schema: {
        tags: ['engagement'],
        summary: 'Take back a like',
        params: idParams,
        response: { 200: likeStateSchema, ...errors },
      },
    },
    async (request) => unlikeVideo(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/videos/:id/shares',
    {
      ...signedIn,
      schema: {
        tags: ['engagement'],
        summary:
          'Log a share by the signed-in user, once per user and video (a repeat answers the same count)',
        params: idParams,
        response: { 200: shareResultSchema, ...errors },
      },
    },
    async (request) => shareVideo(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/videos/:id/reports',
    {
      // SPEC.md §5: the sign-in message of the Report dialog, before the body is looked at.
      onRequest: async (request: FastifyRequest) => {
        if (!mayEngage(request.auth)) throw unauthorized(FEED_MESSAGES.reportSignIn);
      },
      schema: {
        tags: ['engagement'],
        summary:
          'Report a video to the moderators (one open report per user and video; a repeat answers 200 with alreadyReported)',
        params: idParams,
        body: reportSchema,
        response: {
          201: reportResultSchema,
          200: reportResultSchema,
          ...errors,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      // Every attempt counts, repeats included: a script filing reports meets the limit.
      await context.rateLimiter.consume(RATE_LIMITS.reportsPerUser, actor.userId);
      const result = await reportVideo(db, actor, request.params.id, request.body.reason);
      return reply.code(result.alreadyReported ? 200 : 201).send(result);
    },
  );

  app.get(
    '/me/reports',
    {
      ...signedIn,
      ...UNPROVEN_ALLOWED,
      schema: {
        tags: ['engagement'],
        summary: "The caller's reports, newest first, with their outcomes",
        response: { 200: myReportListSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ reports: await listMyReports(db, requireAuth(request)) }),
  );
};
