/** /factors (SPEC.md §7): the caller's second factors. Bearer-authenticated, so no CSRF exposure. */
import {
  enrolFactorBodySchema,
  enrolFactorResponseSchema,
  factorChallengeResponseSchema,
  factorsResponseSchema,
  MFA_MESSAGES,
  recoveryCodesResponseSchema,
  verifyFactorBodySchema,
  verifyFactorResponseSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allow, requireAuth, UNPROVEN_ALLOWED } from '../../platform/authenticate';
import type { FactorVerificationService } from './factor-verification.service';
import type { FactorsService } from './factors.service';

const tags = ['factors'];
const params = z.object({ id: z.uuid({ error: MFA_MESSAGES.factorNotFound }) });

export const factorsRoutes: FastifyPluginAsyncZod<{
  factors: FactorsService;
  verification: FactorVerificationService;
}> = async (app, { factors, verification }) => {
  app.addHook('preHandler', allow.signedIn);

  app.get(
    '/factors',
    {
      ...UNPROVEN_ALLOWED,
      schema: { tags, summary: 'Your second factors', response: { 200: factorsResponseSchema } },
    },
    async (request) => ({ factors: await factors.list(requireAuth(request)) }),
  );

  app.post(
    '/factors',
    {
      schema: {
        tags,
        summary: 'Enrol a TOTP app or a passkey (unverified until verified)',
        description:
          'With a verified factor already, the session must be aal2. TOTP answers the secret, its otpauth URI and a QR code; WebAuthn answers registration options for navigator.credentials.create().',
        body: enrolFactorBodySchema,
        response: { 201: enrolFactorResponseSchema },
      },
    },
    async (request, reply) => {
      const enrolled = await factors.enrol(requireAuth(request), request.body, request.ip ?? null);
      return reply.code(201).send(enrolled);
    },
  );

  app.post(
    '/factors/recovery-codes',
    {
      schema: {
        tags,
        summary: 'New recovery codes, replacing the old ones (aal2 session)',
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) => ({
      recovery_codes: await factors.regenerateRecoveryCodes(requireAuth(request)),
    }),
  );

  app.post(
    '/factors/:id/challenge',
    {
      schema: {
        tags,
        summary: 'Start verifying a factor',
        description:
          'TOTP: a challenge id to send back with the code (optional). WebAuthn: registration options for an unverified factor, assertion options for a verified one.',
        params,
        response: { 200: factorChallengeResponseSchema },
      },
    },
    async (request) =>
      verification.challenge(requireAuth(request), request.params.id, request.ip ?? null),
  );

  app.post(
    '/factors/:id/verify',
    {
      schema: {
        tags,
        summary: 'Verify a factor: finishes its enrolment, and raises this session to aal2',
        description:
          'TOTP: `code` (and `challenge_id` if one was made). WebAuthn: `response`, the JSON of the credential the browser made or used. The first verified factor of an account also answers `recovery_codes`, shown this once. `session` carries the new aal2 access token.',
        params,
        body: verifyFactorBodySchema,
        response: { 200: verifyFactorResponseSchema },
      },
    },
    async (request) => verification.verify(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/factors/:id',
    {
      schema: {
        tags,
        summary: 'Remove a factor (a verified one needs an aal2 session)',
        description: 'Removing the last verified factor also deletes the recovery codes.',
        params,
      },
    },
    async (request, reply) => {
      await factors.remove(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
