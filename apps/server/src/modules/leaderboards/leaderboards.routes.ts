/** GET /api/leaderboard/videos and /creators: public (SPEC.md §2 Top Videos, Top Creators). */
import { topCreatorsSchema, topVideosSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { creatorLeaderboard, videoLeaderboard } from './leaderboards.service';

export const leaderboardRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/leaderboard/videos',
    {
      schema: {
        tags: ['leaderboards'],
        summary: 'Top 50 approved videos of the last 14 days by decayed score, then views',
        response: { 200: topVideosSchema },
      },
    },
    async () => videoLeaderboard(context.db),
  );
  app.get(
    '/leaderboard/creators',
    {
      schema: {
        tags: ['leaderboards'],
        summary: 'Creators of the last 14 days by average decayed score, then total views',
        response: { 200: topCreatorsSchema },
      },
    },
    async () => creatorLeaderboard(context.db),
  );
};
