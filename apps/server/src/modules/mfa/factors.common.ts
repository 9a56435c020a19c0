/** What the /factors services share: the caller's live session, their factor, recovery codes. */
import {
  MFA_MESSAGES,
  PHONE_CODE_TTL_MINUTES,
  SESSION_MESSAGES,
  type WebauthnOptions,
} from '@adreel/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { findSession } from '../auth/auth.accounts';
import { ownsLiveSession } from '../auth/auth.policy';
import type { SessionIssuer } from '../auth/auth.sessions';
import type { AuthContext } from '../auth/auth.tokens';
import {
  hashPhoneCode,
  newPhoneCode,
  PHONE_CODE_TTL_MS,
  PHONE_RATE_LIMITS,
  type SmsSender,
} from './mfa.phone';
import { ownsFactor } from './mfa.policy';
import {
  type ChallengeRow,
  type FactorRow,
  findFactorById,
  insertChallenge,
  replaceRecoveryCodes,
  verifiedFactors,
} from './mfa.queries';
import { hashRecoveryCode, newRecoveryCodes } from './mfa.recovery-codes';
import type { SecretBox } from './mfa.secret-box';
import { storedCredentialOf } from './mfa.verifier';
import { type RelyingParty, registrationOptions } from './mfa.webauthn';

/** How long a challenge may be answered: enough to find the phone or touch the key. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface MfaDeps {
  db: Database;
  config: Config;
  sessions: SessionIssuer;
  rateLimiter: RateLimiter;
  secretBox: SecretBox;
  rp: RelyingParty;
  /** Where phone codes are texted; the outbox by default (mfa.phone.ts). */
  sms: SmsSender;
}

export const aal2Required = () => new AppError(403, 'aal2_required', MFA_MESSAGES.aal2Required);
export const challengeExpired = () =>
  badRequest(MFA_MESSAGES.challengeExpired, 'challenge_expired');

export function challengeExpiry(): Date {
  return new Date(Date.now() + CHALLENGE_TTL_MS);
}

/** The caller's session as the database knows it: live, with its assurance level. */
export async function liveSession(db: Database, caller: AuthContext) {
  const session = await findSession(db, caller.sessionId);
  if (!ownsLiveSession(caller, session))
    throw unauthorized(SESSION_MESSAGES.sessionEnded, 'session_ended');
  return session;
}

/** The caller's own factor; someone else's is "not found", its existence not theirs to learn. */
export async function ownFactor(
  db: Database,
  userId: string,
  factorId: string,
): Promise<FactorRow> {
  const factor = await findFactorById(db, factorId);
  if (!ownsFactor({ userId }, factor))
    throw notFound(MFA_MESSAGES.factorNotFound, 'factor_not_found');
  return factor;
}

/** New recovery codes replace all earlier ones; the plain codes leave the server this once. */
export async function issueRecoveryCodes(tx: Database, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = codes.map((code) => hashRecoveryCode(code)).filter((hash) => hash !== null);
  await replaceRecoveryCodes(tx, userId, hashes);
  return codes;
}

/** Registration options for a passkey, the challenge stored for whichever process verifies. */
export async function registrationChallenge(
  deps: Pick<MfaDeps, 'rp'>,
  tx: Database,
  caller: Pick<AuthContext, 'userId' | 'email'>,
  factorId: string,
  ip: string | null,
): Promise<{ options: WebauthnOptions; challenge: ChallengeRow }> {
  const existing = (await verifiedFactors(tx, caller.userId, 'webauthn'))
    .map(storedCredentialOf)
    .filter((credential) => credential !== null);
  const options = await registrationOptions(
    deps.rp,
    { id: caller.userId, email: caller.email },
    existing,
  );
  const challenge = await insertChallenge(tx, {
    purpose: 'webauthn_registration',
    factorId,
    userId: caller.userId,
    webauthnChallenge: options.challenge,
    ip,
    expiresAt: challengeExpiry(),
  });
  return { options, challenge };
}

/**
 * Texts a new six-digit code to a phone factor (enrolment, step-up or sign-in). Rate-limited per
 * user and per number; the code is stored hashed and lives 10 minutes.
 */
export async function textPhoneCode(
  deps: Pick<MfaDeps, 'db' | 'config' | 'rateLimiter' | 'sms'>,
  factor: FactorRow,
  ip: string | null,
): Promise<ChallengeRow> {
  const { db, config, rateLimiter, sms } = deps;
  if (factor.factorType !== 'phone' || !factor.phone) throw notFound(MFA_MESSAGES.factorNotFound);
  await rateLimiter.consume(PHONE_RATE_LIMITS.perUser, factor.userId);
  await rateLimiter.consume(PHONE_RATE_LIMITS.perNumber, factor.phone);
  const code = newPhoneCode();
  return db.transaction(async (tx) => {
    const challenge = await insertChallenge(tx, {
      purpose: 'phone',
      factorId: factor.id,
      userId: factor.userId,
      codeHash: hashPhoneCode(factor.id, code),
      ip,
      expiresAt: new Date(Date.now() + PHONE_CODE_TTL_MS),
    });
    await sms.send(tx, {
      to: factor.phone ?? '',
      text: `Your ${config.appName} code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Never share it: ${config.appName} will never ask you for it.`,
    });
    return challenge;
  });
}
