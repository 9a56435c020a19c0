/**
 * The admin API under /api/admin (SPEC.md §2 Admin area, §6: admin only). The guard is declared once
 * for the whole prefix, so no admin route can be added without it; it runs on request, before the
 * body is even read, so the signed-out get 401 and other roles 403 whatever they send.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { allow } from '../../platform/authenticate';
import { adminCountsStreamRoutes } from '../admin-live/admin-counts.routes';
import { auditAdminRoutes } from '../audit/audit.routes';
import { digestAdminRoutes } from '../digest/digest.routes';
import { accessRequestAdminRoutes } from './access-requests.routes';
import { inviteAdminRoutes } from './invites.routes';
import { outboxAdminRoutes } from './outbox.routes';
import { whitelistAdminRoutes } from './whitelist.routes';

export const adminRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', allow.roles(['admin']));
  await app.register(inviteAdminRoutes, { context });
  await app.register(whitelistAdminRoutes, { context });
  await app.register(accessRequestAdminRoutes, { context });
  await app.register(outboxAdminRoutes, { context });
  await app.register(digestAdminRoutes, { context });
  await app.register(adminCountsStreamRoutes, { context });
  await app.register(auditAdminRoutes, { context });
};
