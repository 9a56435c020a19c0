/**
 * The admin API under /api/admin (SPEC.md §2 Admin area, §6: admin only). Its guard is not here:
 * platform/admin-guard.ts puts it on every route under /api/admin, these and the video, report and
 * ranking routes app.ts mounts there, whatever plugin declares them (decision 029).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
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
  await app.register(inviteAdminRoutes, { context });
  await app.register(whitelistAdminRoutes, { context });
  await app.register(accessRequestAdminRoutes, { context });
  await app.register(outboxAdminRoutes, { context });
  await app.register(digestAdminRoutes, { context });
  await app.register(adminCountsStreamRoutes, { context });
  await app.register(auditAdminRoutes, { context });
};
