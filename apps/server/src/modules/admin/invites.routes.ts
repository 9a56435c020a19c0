import {
  errorResponseSchema,
  INVITE_DEFAULT_COUNT,
  INVITE_DEFAULT_EXPIRY_DAYS,
  inviteGenerateSchema,
  inviteListSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { requireAuth } from '../../platform/authenticate';
import { createInvitesService } from '../access/invites.service';
import { adminErrors } from './admin.schemas';

/** SPEC.md §9: 7 days and 1 code unless the admin says otherwise. */
const generateBody = inviteGenerateSchema.extend({
  expiryDays: inviteGenerateSchema.shape.expiryDays.default(INVITE_DEFAULT_EXPIRY_DAYS),
  count: inviteGenerateSchema.shape.count.default(INVITE_DEFAULT_COUNT),
});

export const inviteAdminRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const invites = createInvitesService(context.db);

  app.get(
    '/invites',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every invite, newest first, with its display status (Used, Expired, Active)',
        response: { 200: inviteListSchema, ...adminErrors },
      },
    },
    async (request) => ({ invites: await invites.list(requireAuth(request)) }),
  );

  app.post(
    '/invites',
    {
      schema: {
        tags: ['admin'],
        summary: 'Generate invite codes',
        body: generateBody,
        response: { 201: inviteListSchema, 400: errorResponseSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const created = await invites.generate(request.body, requireAuth(request));
      return reply.code(201).send({ invites: created });
    },
  );
};
