/**
 * POST /factors/{id}/challenge and /verify (SPEC.md §7). Verifying finishes an enrolment (the first
 * verified factor brings the recovery codes) or, for a factor already verified, steps the session
 * up. Either way the caller's session has now passed a second factor: it becomes aal2.
 */
import {
  type FactorChallengeResponse,
  MFA_MESSAGES,
  type VerifyFactorBody,
  type VerifyFactorResponse,
} from '@adreel/domain';
import { isUniqueViolation } from '../../platform/db-errors';
import { badRequest, conflict } from '../../platform/errors';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { raiseSessionToAal2 } from '../auth/auth.accounts';
import { assertEmailVerified } from '../auth/auth.ownership';
import type { AuthContext } from '../auth/auth.tokens';
import {
  challengeExpired,
  challengeExpiry,
  issueRecoveryCodes,
  liveSession,
  type MfaDeps,
  ownFactor,
  registrationChallenge,
  textPhoneCode,
} from './factors.common';
import {
  consumeChallenge,
  type FactorRow,
  insertChallenge,
  markFactorUsed,
  saveCredential,
  verifiedFactors,
} from './mfa.queries';
import { createFactorVerifier, storedCredentialOf, webauthnFailed } from './mfa.verifier';
import {
  authenticationOptions,
  challengeOfResponse,
  isRegistrationResponse,
  type StoredCredential,
  verifyRegistration,
} from './mfa.webauthn';

const codeRequired = () => badRequest(MFA_MESSAGES.totpCodeInvalid, 'validation_failed');
const responseRequired = () =>
  badRequest('Answer with your passkey (a WebAuthn response)', 'validation_failed');

export function createFactorVerificationService(deps: MfaDeps) {
  const { db, sessions, rateLimiter, rp } = deps;
  const verifier = createFactorVerifier(deps);

  /** Checks the passkey's answer; a new credential when it finishes an enrolment. */
  async function checkWebauthn(
    caller: AuthContext,
    factor: FactorRow,
    body: VerifyFactorBody,
  ): Promise<StoredCredential | null> {
    const { response } = body;
    if (!response) throw responseRequired();
    const answered = challengeOfResponse(response.response.clientDataJSON);
    if (!answered) throw webauthnFailed();
    const enrolling = factor.verifiedAt === null;
    const stored = await consumeChallenge(db, {
      purpose: enrolling ? 'webauthn_registration' : 'webauthn_authentication',
      id: body.challenge_id,
      factorId: factor.id,
      userId: caller.userId,
      webauthnChallenge: answered,
    });
    if (!stored?.webauthnChallenge) throw challengeExpired();
    if (enrolling) {
      if (!isRegistrationResponse(response)) throw webauthnFailed();
      const credential = await verifyRegistration(rp, response, stored.webauthnChallenge);
      if (!credential) throw webauthnFailed();
      return credential;
    }
    if (isRegistrationResponse(response)) throw webauthnFailed();
    await verifier.assertion(factor, response, stored.webauthnChallenge, false);
    return null;
  }

  return {
    async challenge(
      caller: AuthContext,
      factorId: string,
      ip: string | null,
    ): Promise<FactorChallengeResponse> {
      await liveSession(db, caller);
      const factor = await ownFactor(db, caller.userId, factorId);
      // An enrolment left from before decision 022 is not finished on an unproven account.
      if (factor.verifiedAt === null) await assertEmailVerified(db, caller.userId);
      if (factor.factorType === 'totp') {
        const row = await insertChallenge(db, {
          purpose: 'totp',
          factorId: factor.id,
          userId: caller.userId,
          ip,
          expiresAt: challengeExpiry(),
        });
        return { id: row.id, factor_type: 'totp', expires_at: row.expiresAt.toISOString() };
      }
      if (factor.factorType === 'phone') {
        const row = await textPhoneCode(deps, factor, ip);
        return { id: row.id, factor_type: 'phone', expires_at: row.expiresAt.toISOString() };
      }
      const credential = storedCredentialOf(factor);
      if (factor.verifiedAt === null || !credential) {
        const { options, challenge } = await registrationChallenge(deps, db, caller, factor.id, ip);
        return {
          id: challenge.id,
          factor_type: 'webauthn',
          expires_at: challenge.expiresAt.toISOString(),
          webauthn: { options },
        };
      }
      const options = await authenticationOptions(rp, [credential], 'preferred');
      const row = await insertChallenge(db, {
        purpose: 'webauthn_authentication',
        factorId: factor.id,
        userId: caller.userId,
        webauthnChallenge: options.challenge,
        ip,
        expiresAt: challengeExpiry(),
      });
      return {
        id: row.id,
        factor_type: 'webauthn',
        expires_at: row.expiresAt.toISOString(),
        webauthn: { options },
      };
    },

    async verify(
      caller: AuthContext,
      factorId: string,
      body: VerifyFactorBody,
    ): Promise<VerifyFactorResponse> {
      const session = await liveSession(db, caller);
      const factor = await ownFactor(db, caller.userId, factorId);
      if (factor.verifiedAt === null) await assertEmailVerified(db, caller.userId);
      await rateLimiter.consume(RATE_LIMITS.mfaPerUser, caller.userId);

      let credential: StoredCredential | null = null;
      if (factor.factorType === 'totp') {
        if (!body.code) throw codeRequired();
        if (body.challenge_id) {
          const lookup = { purpose: 'totp' as const, id: body.challenge_id, factorId: factor.id };
          if (!(await consumeChallenge(db, lookup))) throw challengeExpired();
        }
        await verifier.totp(factor, body.code);
      } else if (factor.factorType === 'webauthn') {
        credential = await checkWebauthn(caller, factor, body);
      } else {
        if (!body.code) throw badRequest(MFA_MESSAGES.phoneCodeInvalid, 'validation_failed');
        await verifier.phone(factor, body.code, body.challenge_id);
      }

      try {
        const recoveryCodes = await db.transaction(async (tx) => {
          if (credential) await saveCredential(tx, factor.id, credential);
          const first =
            factor.verifiedAt === null && (await verifiedFactors(tx, caller.userId)).length === 0;
          await markFactorUsed(tx, factor.id);
          await raiseSessionToAal2(tx, session.id);
          return first ? issueRecoveryCodes(tx, caller.userId) : undefined;
        });
        return {
          verified: true,
          ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
          session: await sessions.accessSession(caller.userId, session.id, 'aal2'),
        };
      } catch (error) {
        if (isUniqueViolation(error, 'mfa_factors_webauthn_credential_id_unique'))
          throw conflict(
            'This passkey is already registered. Remove the old one first.',
            'passkey_registered',
          );
        throw error;
      }
    },
  };
}
export type FactorVerificationService = ReturnType<typeof createFactorVerificationService>;
