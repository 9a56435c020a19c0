import {
  emailTokenBodySchema,
  MESSAGES,
  messageSchema,
  pkceExchangeBodySchema,
  recoverBodySchema,
  refreshTokenBodySchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  signInResponseSchema,
  signInSchema,
  signUpSchema,
  tokenQuerySchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../app';
import { allow, requireAuth } from '../../platform/authenticate';
import { assertSameOrigin } from '../../platform/csrf';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { createOidcProviders } from '../oidc/oidc.providers';
import { createOidcService } from '../oidc/oidc.service';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './auth.cookies';
import { createAuthService } from './auth.service';
import { clientOf, createSessionIssuer } from './auth.sessions';
import { revokeSession } from './auth.sessions.queries';

const tags = ['auth'];

const tokenBodySchema = refreshTokenBodySchema.extend({
  email: z.string().optional(),
  password: z.string().optional(),
  auth_code: z.string().optional(),
  code_verifier: z.string().optional(),
});

export const authRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { config, db, tokens, rateLimiter } = context;
  const sessions = createSessionIssuer(db, tokens);
  const auth = createAuthService({ db, config, tokens, sessions, rateLimiter });
  const oidc = createOidcService({
    db,
    config,
    tokens,
    sessions,
    rateLimiter,
    providers: createOidcProviders(config.oidcProviders),
  });

  app.post(
    '/auth/signup',
    {
      schema: {
        tags,
        summary: 'Sign up (private beta gate)',
        body: signUpSchema,
        response: { 201: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl);
      const issued = await auth.signUp(request.body, clientOf(request));
      setRefreshCookie(reply, issued.refreshToken, config.publicUrl);
      return reply.code(201).send({ session: issued.session });
    },
  );

  app.post(
    '/auth/signin',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: signInSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl);
      const result = await auth.signIn(request.body, clientOf(request));
      if (result.kind === 'mfa') return { mfa: result.mfa };
      setRefreshCookie(reply, result.refreshToken, config.publicUrl);
      return { session: result.session };
    },
  );

  app.post(
    '/auth/token',
    {
      schema: {
        tags,
        summary:
          'Refresh a session, sign in for API clients (grant_type=password), or finish an identity-provider sign-in (grant_type=pkce)',
        description:
          'Browsers send the refresh token in its httpOnly cookie and get the rotated one back the same way; API clients send `refresh_token` (or email and password) in the body and get `refresh_token` in the answer. Without any token the answer is `{ "session": null }`. grant_type=pkce takes `auth_code` (from /authorize\'s redirect) and `code_verifier` (whose S256 was the code_challenge) and answers like /auth/signin.',
        querystring: tokenQuerySchema,
        body: tokenBodySchema.nullish(),
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      const client = clientOf(request);
      if (request.query.grant_type === 'pkce') {
        assertSameOrigin(request, config.publicUrl);
        const body = pkceExchangeBodySchema.parse(request.body ?? {});
        const result = await oidc.exchange(body.auth_code, body.code_verifier, client);
        if (result.kind === 'mfa') return { mfa: result.mfa };
        setRefreshCookie(reply, result.refreshToken, config.publicUrl);
        return { session: result.session };
      }
      if (request.query.grant_type === 'password') {
        const result = await auth.signIn(signInSchema.parse(request.body ?? {}), client);
        if (result.kind === 'mfa') return { mfa: result.mfa };
        return { session: { ...result.session, refresh_token: result.refreshToken } };
      }
      await rateLimiter.consume(RATE_LIMITS.refreshPerIp, client.ip ?? 'unknown');
      const bodyToken = request.body?.refresh_token;
      const cookieToken = bodyToken ? undefined : refreshCookieOf(request);
      if (!bodyToken && !cookieToken) return { session: null };
      if (cookieToken) assertSameOrigin(request, config.publicUrl);
      try {
        const issued = await sessions.refresh(bodyToken ?? cookieToken ?? '', client);
        if (bodyToken)
          return { session: { ...issued.session, refresh_token: issued.refreshToken } };
        setRefreshCookie(reply, issued.refreshToken, config.publicUrl);
        return { session: issued.session };
      } catch (error) {
        if (cookieToken) clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/auth/signout',
    {
      schema: {
        tags,
        summary: 'Sign out: ends the session on the server',
        body: refreshTokenBodySchema.nullish(),
      },
    },
    async (request, reply) => {
      const token = request.body?.refresh_token ?? refreshCookieOf(request);
      if (refreshCookieOf(request)) assertSameOrigin(request, config.publicUrl);
      const ended = token ? await sessions.end(token) : null;
      if (!ended && request.auth) await revokeSession(db, request.auth.sessionId);
      clearRefreshCookie(reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirm an email address with the mailed token',
        body: emailTokenBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.body.token);
      return { message: MESSAGES.emailVerified };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      preHandler: allow.signedIn,
      schema: { tags, summary: 'Mail a new verification link', response: { 202: messageSchema } },
    },
    async (request, reply) => {
      await auth.resendVerification(requireAuth(request).userId);
      return reply.code(202).send({ message: MESSAGES.verificationSent });
    },
  );

  app.post(
    '/auth/recover',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link',
        body: recoverBodySchema,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email);
      return reply.code(202).send({ message: MESSAGES.recoverSent });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the mailed token',
        body: resetPasswordBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { message: MESSAGES.passwordReset };
    },
  );
};

/** Public keys of the access tokens (SPEC.md §7: GET /.well-known/jwks.json). */
export const jwksRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/.well-known/jwks.json',
    { schema: { tags, summary: 'Public keys that verify access tokens' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return context.tokens.jwks();
    },
  );
};
