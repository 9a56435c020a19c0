import { betaProgressSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { createAccessService } from './access.service';

export const accessRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const access = createAccessService(db);

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
};
