/**
 * /account's sign-in methods (issue 7 item 5; SPEC.md §7 DELETE /user/identities/{identity_id}).
 * Bearer-authenticated, so no CSRF exposure.
 */
import {
  IDENTITY_MESSAGES,
  messageSchema,
  setPasswordBodySchema,
  signInMethodsSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth, UNPROVEN_ALLOWED } from '../../platform/authenticate';
import { createIdentitiesService } from './identities.service';
import { createOidcProviders } from './oidc.providers';

const tags = ['account'];

export const identitiesRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const identities = createIdentitiesService({
    db: context.db,
    providers: createOidcProviders(context.config.oidcProviders),
  });
  app.addHook('preHandler', allow.signedIn);

  app.get(
    '/user/identities',
    {
      ...UNPROVEN_ALLOWED,
      schema: {
        tags,
        summary: 'Your ways to sign in: password or not, linked identities, passkeys',
        response: { 200: signInMethodsSchema },
      },
    },
    async (request) => identities.list(requireAuth(request)),
  );

  app.delete(
    '/user/identities/:identityId',
    {
      schema: {
        tags,
        summary: 'Unlink an identity (never the last way to sign in)',
        params: z.object({ identityId: z.uuid({ error: IDENTITY_MESSAGES.identityNotFound }) }),
      },
    },
    async (request, reply) => {
      await identities.unlink(requireAuth(request), request.params.identityId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/account/password/first',
    {
      schema: {
        tags,
        summary: 'Set a first password (account made through a provider; recent sign-in needed)',
        body: setPasswordBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await identities.setFirstPassword(requireAuth(request), request.body.newPassword);
      return { message: IDENTITY_MESSAGES.passwordSet };
    },
  );
};
