/**
 * Signing in past the second factor (DESIGN.md §3): the ticket from a right password plus a TOTP
 * code, a recovery code or a passkey's assertion; or a passkey alone ("sign in with a passkey").
 * Each starts a session at aal2, like /auth/signin starts one at aal1.
 */
import {
  MFA_MESSAGES,
  type MfaVerifyBody,
  type WebauthnAuthenticationResponse,
  type WebauthnOptions,
} from '@adreel/domain';
import { badRequest, unauthorized } from '../../platform/errors';
import { RATE_LIMITS, type RateLimitRule } from '../../platform/rate-limit';
import type { ClientInfo, IssuedSession } from '../auth/auth.sessions';
import type { TokenService } from '../auth/auth.tokens';
import { challengeExpired, challengeExpiry, type MfaDeps, textPhoneCode } from './factors.common';
import { ownsFactor } from './mfa.policy';
import {
  consumeChallenge,
  consumeRecoveryCode,
  findFactorById,
  findPasskey,
  insertChallenge,
  markFactorUsed,
  verifiedFactors,
} from './mfa.queries';
import { hashRecoveryCode } from './mfa.recovery-codes';
import {
  createFactorVerifier,
  invalidCode,
  storedCredentialOf,
  webauthnFailed,
} from './mfa.verifier';
import { authenticationOptions, challengeOfResponse } from './mfa.webauthn';

/**
 * Passkey sign-in needs no account yet, so it is limited by address: an options call and a verify
 * per sign-in, generous for an office behind one address, tight for a script filling the table.
 */
export const PASSKEY_PER_IP: RateLimitRule = {
  name: 'passkey:ip',
  limit: 60,
  windowSeconds: 15 * 60,
};

const ticketExpired = () => unauthorized(MFA_MESSAGES.ticketExpired, 'invalid_ticket');

export function createMfaSignInService(deps: MfaDeps & { tokens: TokenService }) {
  const { db, sessions, rateLimiter, tokens, rp } = deps;
  const verifier = createFactorVerifier(deps);

  async function ticketUser(ticket: string): Promise<string> {
    const userId = await tokens.verifyMfaTicket(ticket);
    if (!userId) throw ticketExpired();
    return userId;
  }

  async function startSession(
    userId: string,
    client: ClientInfo,
    factorId?: string,
  ): Promise<IssuedSession> {
    const started = await db.transaction(async (tx) => {
      if (factorId) await markFactorUsed(tx, factorId);
      return sessions.start(userId, client, 'aal2', tx);
    });
    return {
      session: await sessions.accessSession(userId, started.sessionId, 'aal2'),
      refreshToken: started.refreshToken,
    };
  }

  return {
    /** A TOTP code of a verified factor, or one unused recovery code (spent by this). */
    async verifyCode(body: MfaVerifyBody, client: ClientInfo): Promise<IssuedSession> {
      const userId = await ticketUser(body.ticket);
      const counted = new Date();
      await rateLimiter.consume(RATE_LIMITS.mfaPerUser, userId, counted);
      // Only failures count (decision 025): a right code takes its attempt back.
      const succeeded = async (issued: Promise<IssuedSession>) => {
        const session = await issued;
        await rateLimiter.refundWindow(RATE_LIMITS.mfaPerUser, userId, counted);
        return session;
      };
      if (body.recoveryCode !== undefined) {
        const hash = hashRecoveryCode(body.recoveryCode);
        if (!hash || !(await consumeRecoveryCode(db, userId, hash)))
          throw unauthorized(MFA_MESSAGES.invalidRecoveryCode, 'invalid_recovery_code');
        return succeeded(startSession(userId, client));
      }
      const found = body.factorId ? await findFactorById(db, body.factorId) : null;
      const factor = ownsFactor({ userId }, found) ? found : null;
      if (!factor || factor.verifiedAt === null || !body.code) throw invalidCode();
      if (factor.factorType === 'phone') await verifier.phone(factor, body.code);
      else await verifier.totp(factor, body.code);
      return succeeded(startSession(userId, client, factor.id));
    },

    /** Texts a code to one of the user's verified phone factors, to answer with verifyCode. */
    async phoneChallenge(
      ticket: string,
      factorId: string,
      ip: string | null,
    ): Promise<{ challengeId: string; expires_at: string; message: string }> {
      const userId = await ticketUser(ticket);
      const found = await findFactorById(db, factorId);
      const factor = ownsFactor({ userId }, found) ? found : null;
      if (factor?.factorType !== 'phone' || factor.verifiedAt === null)
        throw badRequest(MFA_MESSAGES.factorNotFound, 'factor_not_found');
      const challenge = await textPhoneCode(deps, factor, ip);
      return {
        challengeId: challenge.id,
        expires_at: challenge.expiresAt.toISOString(),
        message: MFA_MESSAGES.phoneCodeSent,
      };
    },

    /** Assertion options naming the user's verified passkeys. */
    async webauthnOptions(ticket: string, ip: string | null): Promise<WebauthnOptions> {
      const userId = await ticketUser(ticket);
      const credentials = (await verifiedFactors(db, userId, 'webauthn'))
        .map(storedCredentialOf)
        .filter((credential) => credential !== null);
      if (credentials.length === 0)
        throw badRequest(MFA_MESSAGES.noWebauthnFactor, 'no_webauthn_factor');
      const options = await authenticationOptions(rp, credentials, 'preferred');
      await insertChallenge(db, {
        purpose: 'webauthn_authentication',
        userId,
        webauthnChallenge: options.challenge,
        ip,
        expiresAt: challengeExpiry(),
      });
      return options;
    },

    async webauthnVerify(
      ticket: string,
      response: WebauthnAuthenticationResponse,
      client: ClientInfo,
    ): Promise<IssuedSession> {
      const userId = await ticketUser(ticket);
      const counted = new Date();
      await rateLimiter.consume(RATE_LIMITS.mfaPerUser, userId, counted);
      const answered = challengeOfResponse(response.response.clientDataJSON);
      const stored = answered
        ? await consumeChallenge(db, {
            purpose: 'webauthn_authentication',
            userId,
            webauthnChallenge: answered,
          })
        : null;
      if (!stored?.webauthnChallenge) throw challengeExpired();
      const factor = await findPasskey(db, response.id);
      if (!factor || factor.userId !== userId) throw webauthnFailed();
      // The password was the first factor: the authenticator's presence is the second.
      await verifier.assertion(factor, response, stored.webauthnChallenge, false);
      const issued = await startSession(userId, client, factor.id);
      // Only failures count (decision 025): a right assertion takes its attempt back.
      await rateLimiter.refundWindow(RATE_LIMITS.mfaPerUser, userId, counted);
      return issued;
    },

    /** Options for any passkey of this site: the authenticator says whose it is. */
    async passkeyOptions(
      ip: string | null,
    ): Promise<{ challengeId: string; options: WebauthnOptions }> {
      await rateLimiter.consume(PASSKEY_PER_IP, ip ?? 'unknown');
      const options = await authenticationOptions(rp, [], 'required');
      const row = await insertChallenge(db, {
        purpose: 'passkey',
        webauthnChallenge: options.challenge,
        ip,
        expiresAt: challengeExpiry(),
      });
      return { challengeId: row.id, options };
    },

    async passkeyVerify(
      challengeId: string,
      response: WebauthnAuthenticationResponse,
      client: ClientInfo,
    ): Promise<IssuedSession> {
      await rateLimiter.consume(PASSKEY_PER_IP, client.ip ?? 'unknown');
      const stored = await consumeChallenge(db, { purpose: 'passkey', id: challengeId });
      if (!stored?.webauthnChallenge) throw challengeExpired();
      const factor = await findPasskey(db, response.id);
      if (!factor) throw unauthorized(MFA_MESSAGES.passkeyUnknown, 'passkey_unknown');
      // Alone, a passkey is two factors only if it checked who holds it (PIN, biometrics).
      await verifier.assertion(factor, response, stored.webauthnChallenge, true);
      return startSession(factor.userId, client, factor.id);
    },
  };
}
export type MfaSignInService = ReturnType<typeof createMfaSignInService>;
