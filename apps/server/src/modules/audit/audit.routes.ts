/** The audit log for admins (issue 7): under /api/admin, whose guard lets only admins in. */
import { errorResponseSchema } from '@adreel/domain';
import { auditFacetsSchema, auditPageSchema, auditQuerySchema } from '@adreel/domain/audit-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { adminErrors } from '../../platform/admin-schemas';
import { auditFacets, listAudit } from './audit.queries';

export const auditAdminRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db } = context;
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Audit log entries, newest first, filtered by actor, action, target type and dates',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: errorResponseSchema, ...adminErrors },
      },
    },
    async (request) => listAudit(db, request.query),
  );
  app.get(
    '/audit/facets',
    {
      schema: {
        tags: ['admin'],
        summary: 'The actions and target types found in the audit log, for its filters',
        response: { 200: auditFacetsSchema, ...adminErrors },
      },
    },
    async () => auditFacets(db),
  );
};
