import { betaProgressSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../app';
import { createAccessService } from './access.service';

export const accessRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const access = createAccessService(context.db);

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
