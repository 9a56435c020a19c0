/** The audit log for admins (issue 7): under /api/admin, whose guard lets only admins in. */
import { errorResponseSchema } from '@adreel/domain';
import { auditFacetsSchema, auditPageSchema, auditQuerySchema } from '@adreel/domain/audit-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { adminErrors } from '../../platform/admin-schemas';
import { requireAuth } from '../../platform/authenticate';
import { readAuditFacets, readAuditLog } from './audit.service';

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
    async (request) => readAuditLog(db, requireAuth(request), request.query),
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
    async (request) => readAuditFacets(db, requireAuth(request)),
  );
};
