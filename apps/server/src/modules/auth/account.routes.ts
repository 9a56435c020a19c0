/** /account's API: the caller's sessions and password (issue 3, account security). */
import { accountSessionsSchema, changePasswordBodySchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth, UNPROVEN_ALLOWED } from '../../platform/authenticate';
import { createAccountService } from './account.service';
import { createAuthService } from './auth.service';
import { createSessionIssuer } from './auth.sessions';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { config, db, tokens, rateLimiter } = context;
  const auth = createAuthService({
    db,
    config,
    tokens,
    sessions: createSessionIssuer(db, tokens),
    rateLimiter,
  });

  const account = createAccountService(db);

  app.get(
    '/account/sessions',
    {
      ...UNPROVEN_ALLOWED,
      preHandler: allow.signedIn,
      schema: { tags, summary: 'Your active sessions', response: { 200: accountSessionsSchema } },
    },
    async (request) => {
      return { sessions: await account.listSessions(requireAuth(request)) };
    },
  );

  app.delete(
    '/account/sessions/:id',
    {
      ...UNPROVEN_ALLOWED,
      preHandler: allow.signedIn,
      schema: { tags, summary: 'End one of your sessions', params: z.object({ id: z.uuid() }) },
    },
    async (request, reply) => {
      await account.endSession(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/account/password',
    {
      ...UNPROVEN_ALLOWED,
      preHandler: allow.signedIn,
      schema: {
        tags,
        summary: 'Change your password; ends your other sessions',
        body: changePasswordBodySchema,
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      await account.assertLiveSession(caller);
      await auth.changePassword(
        caller.userId,
        caller.sessionId,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return reply.code(204).send();
    },
  );
};
