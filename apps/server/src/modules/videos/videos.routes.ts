/**
 * The creator's area (own videos, dashboard numbers), the open campaigns for Upload's picker, and
 * admin moderation of videos (SPEC.md §2 Creator Dashboard, My Videos, Upload, Admin Dashboard).
 */
import {
  creatorEarningsSchema,
  creatorStatsSchema,
  errorResponseSchema,
  featureBodySchema,
  moderationResultSchema,
  openCampaignListSchema,
  VIDEO_STATUSES,
  videoListSchema,
} from '@adreel/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaigns, transactions, videos } from '../../db/schema';
import type { ModuleContext } from '../../module-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { allow, requireAuth } from '../../platform/authenticate';
import { conflict, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage/storage';
import { campaignIsOpen } from '../campaigns/campaigns.queries';
import { invalidateFeedCaches } from '../feed/feed.cache';
import { purgeRejectedMedia } from './video-media';
import { findVideo, listCreatorVideos, listVideosByStatus } from './videos.queries';
import { rejectVideo } from './videos.service';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };
const idParams = z.object({ id: z.uuid({ error: 'Invalid video ID' }) });

export const creatorVideoRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db } = context;
  const creatorOnly = { preHandler: allow.roles(['creator', 'admin']) };

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
    async (request) => ({ videos: await listCreatorVideos(db, requireAuth(request).userId) }),
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
    async (request) => {
      const { userId } = requireAuth(request);
      const [totals] = await db
        .select({
          videos: sql<number>`count(*)::int`,
          totalViews: sql<number>`coalesce(sum(${videos.views}), 0)::int`,
          totalLikes: sql<number>`coalesce(sum(${videos.likes}), 0)::int`,
        })
        .from(videos)
        .where(eq(videos.creatorId, userId));
      const [money] = await db
        .select({
          earningsCents: sql<number>`coalesce(sum(${transactions.amountCents}), 0)::bigint`,
        })
        .from(transactions)
        .where(eq(transactions.creatorId, userId));
      return {
        videos: Number(totals?.videos ?? 0),
        totalViews: Number(totals?.totalViews ?? 0),
        totalLikes: Number(totals?.totalLikes ?? 0),
        earningsCents: Number(money?.earningsCents ?? 0),
      };
    },
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
    async (request) => {
      const { userId } = requireAuth(request);
      const rows = await db
        .select({
          id: transactions.id,
          campaignTitle: campaigns.title,
          videoTitle: videos.title,
          amountCents: transactions.amountCents,
          status: transactions.status,
          createdAt: transactions.createdAt,
          paidAt: transactions.paidAt,
        })
        .from(transactions)
        .innerJoin(campaigns, eq(campaigns.id, transactions.campaignId))
        .leftJoin(videos, eq(videos.id, transactions.videoId))
        .where(eq(transactions.creatorId, userId))
        .orderBy(desc(transactions.createdAt), desc(transactions.id));
      let totalCents = 0;
      let paidOutCents = 0;
      for (const row of rows) {
        totalCents += Number(row.amountCents);
        if (row.status === 'paid') paidOutCents += Number(row.amountCents);
      }
      return {
        totalCents,
        paidOutCents,
        transactions: rows.map((row) => ({
          ...row,
          amountCents: Number(row.amountCents),
          createdAt: row.createdAt.toISOString(),
          paidAt: row.paidAt?.toISOString() ?? null,
        })),
      };
    },
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
    async () => ({
      campaigns: await db
        .select({
          id: campaigns.id,
          title: campaigns.title,
          payoutPerVideoCents: campaigns.payoutPerVideoCents,
        })
        .from(campaigns)
        .where(campaignIsOpen())
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id)),
    }),
  );
};

export const adminVideoRoutes: FastifyPluginAsyncZod<{
  context: ModuleContext;
  storage: Storage;
}> = async (app, { context, storage }) => {
  const { db } = context;
  app.addHook('onRequest', allow.roles(['admin']));
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
    async (request) => ({ videos: await listVideosByStatus(db, request.query.status) }),
  );

  async function moderate(id: string, decision: 'approved' | 'rejected', actor: AuditActor) {
    const changed = await db.transaction(async (tx) => {
      // Rejection is the shared rule (videos.service.ts) that removing a reported video uses too.
      if (decision === 'rejected')
        return (await rejectVideo(tx, { videoId: id, actor, from: ['pending'] })) !== null;
      const [row] = await tx
        .update(videos)
        .set({ status: 'approved', publishedAt: sql`now()` })
        .where(and(eq(videos.id, id), eq(videos.status, 'pending')))
        .returning({ id: videos.id, title: videos.title, creatorId: videos.creatorId });
      if (!row) return false;
      await recordAudit(tx, {
        actor,
        action: 'video.approve',
        targetType: 'video',
        targetId: id,
        details: { title: row.title, creatorId: row.creatorId },
      });
      return true;
    });
    // Its place in the feed changed: signed-out viewers' cached pages go (feed.cache.ts).
    if (changed) invalidateFeedCaches();
    if (changed && decision === 'rejected') {
      // Its media goes now; should storage fail, the row keeps its URLs for maintenance to retry.
      await purgeRejectedMedia(db, storage, id).catch((error: unknown) =>
        app.log.warn({ err: error, videoId: id }, 'media of a rejected video not removed yet'),
      );
    }
    const video = await findVideo(db, id);
    if (!video) throw notFound('Video not found');
    if (!changed) throw conflict('Only a pending video can be approved or rejected', 'not_pending');
    return video;
  }

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
      video: await moderate(request.params.id, 'approved', requireAuth(request)),
    }),
  );

  app.post(
    '/videos/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending video; a campaign submission behind it is rejected too',
        params: idParams,
        response: { 200: moderationResultSchema, ...moderationErrors },
      },
    },
    async (request) => ({
      message: 'Video rejected',
      video: await moderate(request.params.id, 'rejected', requireAuth(request)),
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
      const { id } = request.params;
      const { featured } = request.body;
      const actor = requireAuth(request);
      const row = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(videos)
          .set({ featured })
          .where(and(eq(videos.id, id), eq(videos.status, 'approved')))
          .returning({ id: videos.id, title: videos.title, creatorId: videos.creatorId });
        if (changed)
          await recordAudit(tx, {
            actor,
            action: featured ? 'video.feature' : 'video.unfeature',
            targetType: 'video',
            targetId: id,
            details: { title: changed.title, creatorId: changed.creatorId },
          });
        return changed;
      });
      if (row) invalidateFeedCaches();
      const video = await findVideo(db, id);
      if (!video) throw notFound('Video not found');
      if (!row) throw conflict('Only an approved video can be featured', 'not_approved');
      return { message: featured ? 'Video featured' : 'Video unfeatured', video };
    },
  );
};
