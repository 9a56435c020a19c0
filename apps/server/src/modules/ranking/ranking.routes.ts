/** The admin's Tools tab: recompute scores now (SPEC.md §2 Admin Dashboard, §7 admin-operations). */
import { FEED_MESSAGES, recomputeResultSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { adminErrors } from '../../platform/admin-schemas';
import { requireAuth } from '../../platform/authenticate';
import { recomputeScoresNow } from './ranking.service';

export const adminRankingRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  // Admin only, as every route under /api/admin (platform/admin-guard.ts).
  app.post(
    '/scores/recompute',
    {
      schema: {
        tags: ['admin'],
        summary: 'Recompute score and decayed score of approved videos of the last 60 days',
        response: { 200: recomputeResultSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { updated } = await recomputeScoresNow(context.db, requireAuth(request));
      return { message: FEED_MESSAGES.scoresRecomputed, updated };
    },
  );
};
