import {
  errorResponseSchema,
  whitelistAddSchema,
  whitelistEntrySchema,
  whitelistListSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { requireAuth } from '../../platform/authenticate';
import { createWhitelistService } from '../access/whitelist.service';
import { adminErrors, idParams } from './admin.schemas';

const addBody = whitelistAddSchema.extend({
  /** Set when the admin came from a request's Approve action: that request is approved with it. */
  accessRequestId: z.uuid({ error: 'Invalid access request id' }).optional(),
});

export const whitelistAdminRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const whitelist = createWhitelistService(context.db, context.config);

  app.get(
    '/whitelist',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every whitelisted address, newest first',
        response: { 200: whitelistListSchema, ...adminErrors },
      },
    },
    async (request) => ({ entries: await whitelist.list(requireAuth(request)) }),
  );

  app.post(
    '/whitelist',
    {
      schema: {
        tags: ['admin'],
        summary: 'Whitelist an address, approving an access request when one is named',
        description:
          'With accessRequestId, the request (still pending, same email) is marked approved and its requester is mailed a sign-up link, in the same transaction.',
        body: addBody,
        response: {
          201: whitelistEntrySchema,
          400: errorResponseSchema,
          404: errorResponseSchema.describe('No such access request'),
          409: errorResponseSchema.describe('Already whitelisted, or the request was decided'),
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const entry = await whitelist.add(request.body, requireAuth(request));
      return reply.code(201).send(entry);
    },
  );

  app.delete(
    '/whitelist/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove an address from the whitelist',
        params: idParams,
        response: {
          204: z.null().describe('Removed'),
          400: errorResponseSchema,
          404: errorResponseSchema,
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      await whitelist.remove(request.params.id, requireAuth(request));
      return reply.code(204).send(null);
    },
  );
};
