/** /account's API: the caller's sessions and password (issue 3, account security). */
import { accountSessionsSchema, changePasswordBodySchema, SESSION_MESSAGES } from '@adreel/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth } from '../../platform/authenticate';
import { notFound, unauthorized } from '../../platform/errors';
import { ownsLiveSession } from './auth.policy';
import { createAuthService } from './auth.service';
import { createSessionIssuer } from './auth.sessions';
import { findSession, listLiveSessions, revokeSession } from './auth.sessions.queries';

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

  /** Account changes need a session that is still live, not just an unexpired access token. */
  async function liveCaller(request: FastifyRequest) {
    const caller = requireAuth(request);
    const session = await findSession(db, caller.sessionId);
    if (!session || session.revokedAt)
      throw unauthorized(SESSION_MESSAGES.sessionEnded, 'session_ended');
    return caller;
  }

  app.get(
    '/account/sessions',
    {
      preHandler: allow.signedIn,
      schema: { tags, summary: 'Your active sessions', response: { 200: accountSessionsSchema } },
    },
    async (request) => {
      const caller = await liveCaller(request);
      const rows = await listLiveSessions(db, caller.userId);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          userAgent: row.userAgent,
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === caller.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/account/sessions/:id',
    {
      preHandler: allow.signedIn,
      schema: { tags, summary: 'End one of your sessions', params: z.object({ id: z.uuid() }) },
    },
    async (request, reply) => {
      const caller = await liveCaller(request);
      const session = await findSession(db, request.params.id);
      // Someone else's session is "not found" to you: its existence is not yours to learn.
      if (!ownsLiveSession(caller, session)) throw notFound('Session not found');
      await revokeSession(db, session.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/account/password',
    {
      preHandler: allow.signedIn,
      schema: {
        tags,
        summary: 'Change your password; ends your other sessions',
        body: changePasswordBodySchema,
      },
    },
    async (request, reply) => {
      const caller = await liveCaller(request);
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
