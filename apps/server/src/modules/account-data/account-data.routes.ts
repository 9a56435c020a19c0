/** Your data on /account (issue 7): download it all, or delete the account. Signed-in users only. */
import { errorResponseSchema } from '@adreel/domain';
import {
  ACCOUNT_DATA_MESSAGES,
  accountDeletedSchema,
  accountDeleteSchema,
} from '@adreel/domain/account-data-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth, UNPROVEN_ALLOWED } from '../../platform/authenticate';
import { assertSameOrigin } from '../../platform/csrf';
import { clearRefreshCookie } from '../auth/auth.cookies';
import { deleteOwnAccount } from './account-delete';
import { exportOwnAccount } from './account-export';

export const accountDataRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db, config, rateLimiter } = context;

  app.get(
    '/account/export',
    {
      ...UNPROVEN_ALLOWED,
      preHandler: allow.secondFactorIfEnrolled(ACCOUNT_DATA_MESSAGES.confirmSecondFactor),
      schema: {
        tags: ['account'],
        summary: 'Download everything the platform holds about you, as JSON',
        response: {
          200: z.record(z.string(), z.unknown()),
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await exportOwnAccount(db, requireAuth(request), config.publicUrl);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header(
          'content-disposition',
          `attachment; filename="${config.appName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-data-${day}.json"`,
        )
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/account/delete',
    {
      ...UNPROVEN_ALLOWED,
      preHandler: allow.secondFactorIfEnrolled(ACCOUNT_DATA_MESSAGES.confirmSecondFactor),
      schema: {
        tags: ['account'],
        summary: 'Delete your account after re-entering your password; you are signed out',
        body: accountDeleteSchema,
        response: {
          200: accountDeletedSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl);
      const result = await deleteOwnAccount(db, rateLimiter, requireAuth(request), request.body);
      clearRefreshCookie(reply);
      return result;
    },
  );
};
