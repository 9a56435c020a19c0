import { outboxListSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { requireAuth } from '../../platform/authenticate';
import { adminErrors } from './admin.schemas';
import { readOutbox } from './outbox.service';

/** The outbox (DESIGN.md §3): without SMTP it is where mail is delivered, and admins read it here. */
export const outboxAdminRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The latest 100 mails, newest first; bodies with a link or code for their recipient hidden (decision 024)',
        response: { 200: outboxListSchema, ...adminErrors },
      },
    },
    async (request) => readOutbox(context.db, context.config, requireAuth(request)),
  );
};
