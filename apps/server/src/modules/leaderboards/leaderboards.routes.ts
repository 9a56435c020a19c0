/** GET /api/leaderboard/videos and /creators: public (SPEC.md §2 Top Videos, Top Creators). */
import { topCreatorsSchema, topVideosSchema } from '@adreel/domain';
import {
  LEADERBOARD_MIN_VIEWS,
  LEADERBOARD_WINDOW_DAYS,
  TOP_VIDEOS_LIMIT,
} from '@adreel/domain/constants';
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
        summary: `Top ${TOP_VIDEOS_LIMIT} approved videos of the last ${LEADERBOARD_WINDOW_DAYS} days with at least ${LEADERBOARD_MIN_VIEWS} counted views, by decayed score, then views`,
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
        summary: `Creators by the average decayed score of their videos of the last ${LEADERBOARD_WINDOW_DAYS} days with at least ${LEADERBOARD_MIN_VIEWS} counted views, then total views`,
        response: { 200: topCreatorsSchema },
      },
    },
    async () => creatorLeaderboard(context.db),
  );
};
