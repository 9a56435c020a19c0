import {
  ACCESS_REQUEST_STATUSES,
  accessRequestListSchema,
  accessRequestRowSchema,
  errorResponseSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { requireAuth } from '../../platform/authenticate';
import { createAccessService } from '../access/access.service';
import { adminErrors, idParams } from './admin.schemas';

const listQuery = z.object({
  /** Only pending requests await a decision (DESIGN.md §3), so they are the default. */
  status: z
    .enum([...ACCESS_REQUEST_STATUSES, 'all'], { error: 'Invalid status' })
    .default('pending'),
});

export const accessRequestAdminRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const access = createAccessService(context.db, context.config);

  app.get(
    '/access-requests',
    {
      schema: {
        tags: ['admin'],
        summary: 'Access requests, newest first; pending ones unless ?status= says otherwise',
        querystring: listQuery,
        response: { 200: accessRequestListSchema, 400: errorResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { status } = request.query;
      return {
        requests: await access.listRequests(requireAuth(request), status === 'all' ? null : status),
      };
    },
  );

  app.post(
    '/access-requests/:id/decline',
    {
      schema: {
        tags: ['admin'],
        summary: 'Decline a pending access request',
        params: idParams,
        response: {
          200: accessRequestRowSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema.describe('The request was already decided'),
          ...adminErrors,
        },
      },
    },
    (request) => access.declineRequest(request.params.id, requireAuth(request)),
  );
};
