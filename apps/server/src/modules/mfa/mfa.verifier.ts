/**
 * Checking what a user presents for one factor: a TOTP code (each code good once) or a WebAuthn
 * assertion (its signature counter must grow). Shared by sign-in's second step and /factors.
 */
import { MFA_MESSAGES, type WebauthnAuthenticationResponse } from '@adreel/domain';
import type { Database } from '../../db/client';
import { badRequest, unauthorized } from '../../platform/errors';
import { hashPhoneCode, PHONE_CODE_MAX_ATTEMPTS } from './mfa.phone';
import {
  acceptTotpStep,
  advanceSignCount,
  countWrongPhoneCode,
  type FactorRow,
  livePhoneChallenge,
  spendPhoneChallenge,
} from './mfa.queries';
import type { SecretBox } from './mfa.secret-box';
import { matchTotp } from './mfa.totp';
import { type RelyingParty, type StoredCredential, verifyAssertion } from './mfa.webauthn';

export const invalidCode = () => unauthorized(MFA_MESSAGES.invalidCode, 'invalid_code');
const codeReused = () => unauthorized(MFA_MESSAGES.codeReused, 'code_reused');
export const webauthnFailed = () => unauthorized(MFA_MESSAGES.passkeyFailed, 'webauthn_failed');

export function storedCredentialOf(factor: FactorRow): StoredCredential | null {
  if (!factor.webauthnCredentialId || !factor.webauthnPublicKey) return null;
  return {
    credentialId: factor.webauthnCredentialId,
    publicKey: factor.webauthnPublicKey,
    signCount: factor.webauthnSignCount,
    transports: factor.webauthnTransports,
  };
}

export function createFactorVerifier(deps: {
  db: Database;
  secretBox: SecretBox;
  rp: RelyingParty;
}) {
  const { db, secretBox, rp } = deps;

  return {
    /** Throws 401 unless `code` is the factor's current code and was not used before. */
    async totp(factor: FactorRow, code: string): Promise<void> {
      if (factor.factorType !== 'totp' || !factor.totpSecret) throw invalidCode();
      const secret = secretBox.open(factor.totpSecret, factor.userId);
      const timeStep = await matchTotp(secret, code);
      if (timeStep === null) throw invalidCode();
      const last = factor.totpLastTimeStep;
      if (last !== null && timeStep <= last) throw codeReused();
      if (!(await acceptTotpStep(db, factor.id, timeStep))) throw codeReused();
    },

    /**
     * Throws unless `code` is the code last texted to this phone factor (or to the challenge named),
     * unexpired and unused; a few wrong codes spend the challenge.
     */
    async phone(factor: FactorRow, code: string, challengeId?: string): Promise<void> {
      if (factor.factorType !== 'phone') throw invalidCode();
      const challenge = await livePhoneChallenge(db, factor.id, challengeId);
      if (!challenge) throw badRequest(MFA_MESSAGES.challengeExpired, 'challenge_expired');
      const hash = hashPhoneCode(factor.id, code);
      if (challenge.codeHash !== hash) {
        const attempts = await countWrongPhoneCode(db, challenge.id, PHONE_CODE_MAX_ATTEMPTS);
        if (attempts >= PHONE_CODE_MAX_ATTEMPTS)
          throw unauthorized(MFA_MESSAGES.tooManyTries, 'too_many_tries');
        throw invalidCode();
      }
      if (!(await spendPhoneChallenge(db, challenge.id, hash)))
        throw badRequest(MFA_MESSAGES.challengeExpired, 'challenge_expired');
    },

    /** Throws 401 unless the assertion verifies against the factor's key and its counter grew. */
    async assertion(
      factor: FactorRow,
      response: WebauthnAuthenticationResponse,
      expectedChallenge: string,
      requireUserVerification: boolean,
    ): Promise<void> {
      const credential = storedCredentialOf(factor);
      if (!credential || credential.credentialId !== response.id) throw webauthnFailed();
      const result = await verifyAssertion(
        rp,
        response,
        expectedChallenge,
        credential,
        requireUserVerification,
      );
      if (!result) throw webauthnFailed();
      if (!(await advanceSignCount(db, factor.id, result.signCount))) throw webauthnFailed();
    },
  };
}
export type FactorVerifier = ReturnType<typeof createFactorVerifier>;
