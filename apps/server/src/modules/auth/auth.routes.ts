import {
  MESSAGES,
  messageSchema,
  OWNERSHIP_MESSAGES,
  pkceExchangeBodySchema,
  recoverBodySchema,
  refreshTokenBodySchema,
  resetPasswordBodySchema,
  signInResponseSchema,
  signInSchema,
  signUpResponseSchema,
  signUpSchema,
  tokenQuerySchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth, UNPROVEN_ALLOWED } from '../../platform/authenticate';
import { assertSameOrigin } from '../../platform/csrf';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { createOidcProviders } from '../oidc/oidc.providers';
import { createOidcService } from '../oidc/oidc.service';
import {
  clearRefreshCookie,
  deviceCookieOf,
  refreshCookieOf,
  setDeviceCookie,
  setRefreshCookie,
} from './auth.cookies';
import { createAuthService } from './auth.service';
import { clientOf, createSessionIssuer } from './auth.sessions';
import {
  clearSignUpBinding,
  setSignUpBinding,
  signUpBindingFor,
  signUpBindingOf,
} from './auth.signup-binding';

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
        summary: 'Sign up (private beta gate): mails a link that finishes it',
        description:
          'Answers 202 "check your inbox" and no session: the mailed verification link signs in (decision 022). An address that already has an account gets the same answer, and its owner a mail instead. Sets the httpOnly sign-up binding cookie: the link opened in this browser keeps the chosen password.',
        body: signUpSchema,
        response: { 202: signUpResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl);
      const binding = signUpBindingFor(request);
      const answer = await auth.signUp(request.body, clientOf(request), binding);
      setSignUpBinding(reply, binding, config.publicUrl);
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/auth/signin',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Only failures count, and they slow down rather than lock out (decision 025): past the free failures each attempt waits 1 s, 2 s, 4 s… (at most 5 minutes), answered 429 with `Retry-After` in seconds and a message that says how long. A right password sets the httpOnly `adreel_device` cookie; a browser presenting it for the account is counted on its own, so the failures of strangers do not slow its owner down.',
        body: signInSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl);
      const result = await auth.signIn(request.body, clientOf(request), deviceCookieOf(request));
      setDeviceCookie(reply, result.deviceCookie, config.publicUrl);
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
        const body = signInSchema.parse(request.body ?? {});
        const result = await auth.signIn(body, client, deviceCookieOf(request));
        setDeviceCookie(reply, result.deviceCookie, config.publicUrl);
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
      await auth.signOut(token, request.auth);
      clearRefreshCookie(reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirm an email address with the mailed token; signs the prover in',
        description:
          'In the browser that signed up (its binding cookie) the address is proven and a session starts. Elsewhere the answer is `passwordRequired` (nothing spent): post again with `password` (and optionally a new `username`); everything set up on the account before is removed and a session starts (decision 022). A link of an address proven before answers a message.',
        body: verifyEmailBodySchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl);
      const outcome = await auth.verifyEmail(
        request.body,
        signUpBindingOf(request),
        clientOf(request),
      );
      if (outcome.kind === 'password_required')
        return {
          passwordRequired: true as const,
          email: outcome.email,
          username: outcome.username,
          message: OWNERSHIP_MESSAGES.choosePassword,
        };
      if (outcome.kind === 'verified') return { message: MESSAGES.emailVerified };
      clearSignUpBinding(reply);
      setRefreshCookie(reply, outcome.refreshToken, config.publicUrl);
      return { session: outcome.session };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      ...UNPROVEN_ALLOWED,
      preHandler: allow.signedIn,
      schema: { tags, summary: 'Mail a new verification link', response: { 202: messageSchema } },
    },
    async (request, reply) => {
      const binding = signUpBindingFor(request);
      await auth.resendVerification(requireAuth(request).userId, binding);
      setSignUpBinding(reply, binding, config.publicUrl);
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
      await auth.requestPasswordReset(
        request.body.email,
        clientOf(request),
        deviceCookieOf(request),
      );
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
