/**
 * The creator's area (own videos, dashboard numbers), the open campaigns for Upload's picker, and
 * admin moderation of videos (SPEC.md §2 Creator Dashboard, My Videos, Upload, Admin Dashboard).
 */
import {
  AREA_ROLES,
  creatorEarningsSchema,
  creatorStatsSchema,
  errorResponseSchema,
  featureBodySchema,
  moderationResultSchema,
  openCampaignListSchema,
  REQUEST_MESSAGES,
  rejectSubmissionBodySchema,
  VIDEO_STATUSES,
  videoListSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth } from '../../platform/authenticate';
import type { Storage } from '../../platform/storage/storage';
import {
  creatorEarnings,
  creatorStats,
  openCampaignsForUpload,
} from '../campaigns/creator.service';
import { processingJobRoutes } from './processing-jobs.routes';
import { featureVideo, listOwnVideos, listVideosForReview, moderateVideo } from './videos.service';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };
const idParams = z.object({ id: z.uuid({ error: REQUEST_MESSAGES.invalidVideoId }) });

export const creatorVideoRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db } = context;
  const creatorOnly = { preHandler: allow.roles(AREA_ROLES.creator) };

  app.get(
    '/creator/videos',
    {
      ...creatorOnly,
      schema: {
        tags: ['videos'],
        summary: "The caller's own videos, newest first",
        response: { 200: videoListSchema, ...errors },
      },
    },
    async (request) => ({ videos: await listOwnVideos(db, requireAuth(request)) }),
  );

  app.get(
    '/creator/stats',
    {
      ...creatorOnly,
      schema: {
        tags: ['videos'],
        summary: "The Creator Dashboard's tiles",
        response: { 200: creatorStatsSchema, ...errors },
      },
    },
    async (request) => creatorStats(db, requireAuth(request)),
  );

  app.get(
    '/creator/earnings',
    {
      ...creatorOnly,
      schema: {
        tags: ['videos'],
        summary: "The caller's earnings: totals and transactions, newest first",
        response: { 200: creatorEarningsSchema, ...errors },
      },
    },
    async (request) => creatorEarnings(db, requireAuth(request)),
  );

  app.get(
    '/campaigns/open',
    {
      ...creatorOnly,
      schema: {
        tags: ['videos'],
        summary: "Open campaigns for Upload's picker, newest first",
        response: { 200: openCampaignListSchema, ...errors },
      },
    },
    async (request) => openCampaignsForUpload(db, requireAuth(request)),
  );
};

export const adminVideoRoutes: FastifyPluginAsyncZod<{
  context: ModuleContext;
  storage: Storage;
}> = async (app, { context, storage }) => {
  const { db } = context;
  await app.register(processingJobRoutes, { context });
  // Admin only, as every route under /api/admin (platform/admin-guard.ts).
  const moderationErrors = {
    404: errorResponseSchema,
    409: errorResponseSchema,
    ...errors,
  };

  app.get(
    '/videos',
    {
      schema: {
        tags: ['admin'],
        summary: 'Videos by status (default pending) with their creators, newest first',
        querystring: z.object({ status: z.enum(VIDEO_STATUSES).default('pending') }),
        response: { 200: videoListSchema, ...errors },
      },
    },
    async (request) => ({
      videos: await listVideosForReview(db, requireAuth(request), request.query.status),
    }),
  );

  app.post(
    '/videos/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending video: it is published',
        params: idParams,
        response: { 200: moderationResultSchema, ...moderationErrors },
      },
    },
    async (request) => ({
      message: 'Video approved',
      video: await moderateVideo(db, storage, app.log, {
        videoId: request.params.id,
        decision: 'approved',
        actor: requireAuth(request),
        mail: context.config,
      }),
    }),
  );

  app.post(
    '/videos/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Reject a pending video, with an optional reason: the creator is told by mail; a campaign submission behind it is rejected too',
        params: idParams,
        body: rejectSubmissionBodySchema.nullish(),
        response: { 200: moderationResultSchema, ...moderationErrors },
      },
    },
    async (request) => ({
      message: 'Video rejected',
      video: await moderateVideo(db, storage, app.log, {
        videoId: request.params.id,
        decision: 'rejected',
        actor: requireAuth(request),
        reason: request.body?.reason || undefined,
        mail: context.config,
      }),
    }),
  );

  app.post(
    '/videos/:id/feature',
    {
      schema: {
        tags: ['admin'],
        summary: 'Feature or unfeature an approved video',
        params: idParams,
        body: featureBodySchema,
        response: { 200: moderationResultSchema, ...moderationErrors },
      },
    },
    async (request) => {
      const { featured } = request.body;
      const video = await featureVideo(db, {
        videoId: request.params.id,
        featured,
        actor: requireAuth(request),
      });
      return { message: featured ? 'Video featured' : 'Video unfeatured', video };
    },
  );
};
