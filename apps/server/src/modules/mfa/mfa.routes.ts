/**
 * The MFA module's HTTP surface: /factors (signed in) and the second step of sign-in and passkey
 * sign-in under /auth, which set the refresh cookie exactly as /auth/signin does.
 */
import {
  mfaPhoneChallengeBodySchema,
  mfaPhoneChallengeResponseSchema,
  mfaVerifyBodySchema,
  mfaWebauthnOptionsBodySchema,
  mfaWebauthnVerifyBodySchema,
  passkeyOptionsResponseSchema,
  passkeyVerifyBodySchema,
  sessionResponseSchema,
  webauthnOptionsResponseSchema,
} from '@adreel/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { assertSameOrigin } from '../../platform/csrf';
import { setRefreshCookie } from '../auth/auth.cookies';
import type { IssuedSession } from '../auth/auth.sessions';
import { clientOf, createSessionIssuer } from '../auth/auth.sessions';
import { createFactorVerificationService } from './factor-verification.service';
import type { MfaDeps } from './factors.common';
import { factorsRoutes } from './factors.routes';
import { createFactorsService } from './factors.service';
import { outboxSmsSender } from './mfa.phone';
import { createSecretBox } from './mfa.secret-box';
import { relyingPartyOf } from './mfa.webauthn';
import { createMfaSignInService, type MfaSignInService } from './mfa-signin.service';

const tags = ['auth'];

/** As auth.routes.ts records it on a session. */

const signInRoutes: FastifyPluginAsyncZod<{ signIn: MfaSignInService; publicUrl: string }> = async (
  app,
  { signIn, publicUrl },
) => {
  function answer(reply: FastifyReply, issued: IssuedSession) {
    setRefreshCookie(reply, issued.refreshToken, publicUrl);
    return { session: issued.session };
  }

  app.post(
    '/auth/mfa/verify',
    {
      schema: {
        tags,
        summary: 'Sign-in second step: a TOTP code or a recovery code',
        description:
          "`ticket` comes from /auth/signin's `mfa` answer. Send `factorId` and `code`, or `recoveryCode` (each works once).",
        body: mfaVerifyBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl);
      return answer(reply, await signIn.verifyCode(request.body, clientOf(request)));
    },
  );

  app.post(
    '/auth/mfa/phone/challenge',
    {
      schema: {
        tags,
        summary: 'Sign-in second step by phone: text a code to one of your phone factors',
        description:
          '`ticket` from /auth/signin, `factorId` of a verified phone factor. Then answer /auth/mfa/verify with `factorId` and the texted `code`.',
        body: mfaPhoneChallengeBodySchema,
        response: { 200: mfaPhoneChallengeResponseSchema },
      },
    },
    async (request) => {
      assertSameOrigin(request, publicUrl);
      const { ticket, factorId } = request.body;
      return signIn.phoneChallenge(ticket, factorId, request.ip ?? null);
    },
  );

  app.post(
    '/auth/mfa/webauthn/options',
    {
      schema: {
        tags,
        summary: "Sign-in second step by passkey: options naming the user's passkeys",
        body: mfaWebauthnOptionsBodySchema,
        response: { 200: webauthnOptionsResponseSchema },
      },
    },
    async (request) => {
      assertSameOrigin(request, publicUrl);
      return { options: await signIn.webauthnOptions(request.body.ticket, request.ip ?? null) };
    },
  );

  app.post(
    '/auth/mfa/webauthn/verify',
    {
      schema: {
        tags,
        summary: 'Sign-in second step by passkey: the assertion',
        body: mfaWebauthnVerifyBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl);
      const { ticket, response } = request.body;
      return answer(reply, await signIn.webauthnVerify(ticket, response, clientOf(request)));
    },
  );

  app.post(
    '/auth/passkey/options',
    {
      schema: {
        tags,
        summary: 'Sign in with a passkey: options for any passkey of this site',
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request) => {
      assertSameOrigin(request, publicUrl);
      return signIn.passkeyOptions(request.ip ?? null);
    },
  );

  app.post(
    '/auth/passkey/verify',
    {
      schema: {
        tags,
        summary: 'Sign in with a passkey: the assertion, with the challengeId from the options',
        body: passkeyVerifyBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl);
      const { challengeId, response } = request.body;
      return answer(reply, await signIn.passkeyVerify(challengeId, response, clientOf(request)));
    },
  );
};

export const mfaRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { config, db, tokens, rateLimiter } = context;
  if (config.env === 'production' && !config.encryptionKey)
    app.log.warn(
      'ENCRYPTION_KEY is not set: TOTP secrets are stored unencrypted. Set it (openssl rand -base64 32).',
    );
  const deps: MfaDeps = {
    db,
    config,
    sessions: createSessionIssuer(db, tokens),
    rateLimiter,
    secretBox: createSecretBox(config.encryptionKey),
    rp: relyingPartyOf(config),
    sms: outboxSmsSender,
  };
  await app.register(factorsRoutes, {
    factors: createFactorsService(deps),
    verification: createFactorVerificationService(deps),
  });
  await app.register(signInRoutes, {
    signIn: createMfaSignInService({ ...deps, tokens }),
    publicUrl: config.publicUrl,
  });
};
