/**
 * Sign-in with an OpenID Connect provider (SPEC.md §7 GET /authorize; decision 014). Both routes are
 * top-level browser navigations that answer with a redirect; the session itself is issued by
 * POST /auth/token?grant_type=pkce (auth.routes.ts) to the page that holds the PKCE verifier.
 */
import {
  authorizeQuerySchema,
  authProvidersResponseSchema,
  linkIdentityBodySchema,
  linkIdentityResponseSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth } from '../../platform/authenticate';
import { createSessionIssuer } from '../auth/auth.sessions';
import { createOidcProviders } from './oidc.providers';
import { CALLBACK_PATH, createOidcService, FLOW_TTL_MS, LINK_COOKIE } from './oidc.service';

const tags = ['auth'];

export const oidcRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { config, db, tokens, rateLimiter } = context;
  const oidc = createOidcService({
    db,
    config,
    tokens,
    rateLimiter,
    sessions: createSessionIssuer(db, tokens),
    providers: createOidcProviders(config.oidcProviders),
  });

  app.get(
    '/auth/providers',
    {
      schema: {
        tags,
        summary: 'The identity providers one may sign in with ("Continue with …")',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { providers: oidc.providers() };
    },
  );

  app.get(
    '/authorize',
    {
      schema: {
        tags,
        summary: 'Start signing in with an identity provider (redirects to it)',
        description:
          '`provider` is an id from /api/auth/providers. `redirect_to` is a path on this site that receives `?code=` (or `?error=&error_description=`) when the provider answers. `code_challenge` is the S256 PKCE challenge of a verifier only the client keeps: `POST /api/auth/token?grant_type=pkce` with `auth_code` and `code_verifier` exchanges the code for a session, so a code leaked from the address bar, history or logs is useless to anyone else. `scopes` adds to openid email profile. `invite_code` lets a first sign-in of an address that is not whitelisted pass the private-beta gate.',
        querystring: authorizeQuerySchema,
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const url = await oidc.authorize(request.query, request.ip ?? null);
      reply.header('cache-control', 'no-store');
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/auth/callback',
    {
      schema: {
        tags,
        summary: "The identity provider's answer (register this URL at the provider)",
        description:
          'Checks the state, exchanges the code with the provider, verifies the ID token and redirects to the flow’s redirect_to with a one-time `code`, or with `error` and `error_description`.',
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const search = new URL(request.url, 'http://callback.invalid').searchParams;
      const binding = request.cookies[LINK_COOKIE] || undefined;
      const target = await oidc.callback(search, request.ip ?? null, binding);
      if (binding) reply.clearCookie(LINK_COOKIE, { path: CALLBACK_PATH });
      reply.header('cache-control', 'no-store');
      return reply.redirect(target, 302);
    },
  );

  app.post(
    '/user/identities/link',
    {
      preHandler: allow.signedIn,
      schema: {
        tags: ['account'],
        summary: 'Start linking an identity provider to your account (from /account)',
        description:
          'For a session signed in at most ten minutes ago (with the second factor passed, if the account has one) on a verified address. Answers the provider’s authorization URL for the browser to open, and sets a cookie that binds the flow to this browser; the provider’s answer links that identity to this account (never another, never by email) and sends the browser to /account?linked= or /account?error=&error_description=.',
        body: linkIdentityBodySchema,
        response: { 200: linkIdentityResponseSchema },
      },
    },
    async (request, reply) => {
      const { url, binding } = await oidc.startLink(
        requireAuth(request),
        request.body.provider,
        request.ip ?? null,
      );
      reply.setCookie(LINK_COOKIE, binding, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https://'),
        path: CALLBACK_PATH,
        maxAge: FLOW_TTL_MS / 1000,
      });
      reply.header('cache-control', 'no-store');
      return { url };
    },
  );
};
