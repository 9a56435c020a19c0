/**
 * Managing one's second factors (DESIGN.md §3, account security): list, enrol a TOTP app or a
 * passkey, remove, and new recovery codes. Challenge and verify are in factor-verification.service.
 */
import {
  type EnrolFactorBody,
  type EnrolFactorResponse,
  type Factor,
  IDENTITY_MESSAGES,
  MAX_FACTORS_PER_USER,
  MFA_MESSAGES,
} from '@adreel/domain';
import { isUniqueViolation } from '../../platform/db-errors';
import { badRequest, conflict } from '../../platform/errors';
import { assertEmailVerified } from '../auth/auth.ownership';
import type { AuthContext } from '../auth/auth.tokens';
import { keepAnotherSignInMethod } from '../oidc/identities.service';
import {
  aal2Required,
  issueRecoveryCodes,
  liveSession,
  type MfaDeps,
  ownFactor,
  registrationChallenge,
} from './factors.common';
import { normalizePhone, phoneHint } from './mfa.phone';
import { mayManageFactors, mayRemoveFactor } from './mfa.policy';
import {
  countFactors,
  deleteFactor,
  deleteRecoveryCodes,
  deleteUnverifiedFactors,
  type FactorRow,
  insertFactor,
  listFactors,
  verifiedFactors,
} from './mfa.queries';
import { newTotpSecret, totpQrCode, totpUri } from './mfa.totp';

function factorOf(row: FactorRow): Factor {
  return {
    id: row.id,
    factorType: row.factorType,
    friendlyName: row.friendlyName,
    verified: row.verifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    ...(row.phone ? { phoneHint: phoneHint(row.phone) } : {}),
  };
}

export function createFactorsService(deps: MfaDeps) {
  const { db, config, secretBox } = deps;

  return {
    async list(caller: AuthContext): Promise<Factor[]> {
      await liveSession(db, caller);
      return (await listFactors(db, caller.userId)).map(factorOf);
    },

    /** Starts an enrolment; the factor counts only once verified. */
    async enrol(
      caller: AuthContext,
      body: EnrolFactorBody,
      ip: string | null,
    ): Promise<EnrolFactorResponse> {
      const session = await liveSession(db, caller);
      // Decision 022: nothing is added to an account before its address is proven.
      await assertEmailVerified(db, caller.userId);
      const verified = await verifiedFactors(db, caller.userId);
      if (!mayManageFactors(session, verified.length > 0)) throw aal2Required();
      const friendlyName = body.friendly_name ?? null;
      const phone = body.factor_type === 'phone' ? normalizePhone(body.phone) : null;
      if (body.factor_type === 'phone' && !phone)
        throw badRequest(MFA_MESSAGES.invalidPhone, 'invalid_phone');
      if (friendlyName && verified.some((factor) => factor.friendlyName === friendlyName))
        throw conflict(MFA_MESSAGES.factorNameTaken, 'factor_name_taken');
      try {
        return await db.transaction(async (tx): Promise<EnrolFactorResponse> => {
          await deleteUnverifiedFactors(tx, caller.userId, body.factor_type);
          if ((await countFactors(tx, caller.userId)) >= MAX_FACTORS_PER_USER)
            throw conflict(MFA_MESSAGES.tooManyFactors, 'too_many_factors');
          if (body.factor_type === 'totp') {
            const secret = newTotpSecret();
            const factor = await insertFactor(tx, {
              userId: caller.userId,
              factorType: 'totp',
              friendlyName,
              totpSecret: secretBox.seal(secret, caller.userId),
            });
            const uri = totpUri({ issuer: config.appName, label: caller.email, secret });
            return {
              id: factor.id,
              factor_type: 'totp',
              totp: { secret, uri, qr_code: await totpQrCode(uri) },
            };
          }
          if (body.factor_type === 'phone') {
            const factor = await insertFactor(tx, {
              userId: caller.userId,
              factorType: 'phone',
              friendlyName,
              phone,
            });
            return { id: factor.id, factor_type: 'phone', phone: factor.phone ?? '' };
          }
          const factor = await insertFactor(tx, {
            userId: caller.userId,
            factorType: 'webauthn',
            friendlyName,
          });
          const { options } = await registrationChallenge(deps, tx, caller, factor.id, ip);
          return { id: factor.id, factor_type: 'webauthn', webauthn: { options } };
        });
      } catch (error) {
        // Two enrolments racing for one name: the database decides, we explain.
        if (isUniqueViolation(error, 'mfa_factors_user_friendly_name_unique'))
          throw conflict(MFA_MESSAGES.factorNameTaken, 'factor_name_taken');
        throw error;
      }
    },

    /** Removing the last verified factor turns two-factor sign-in off, recovery codes with it. */
    async remove(caller: AuthContext, factorId: string): Promise<void> {
      const session = await liveSession(db, caller);
      const factor = await ownFactor(db, caller.userId, factorId);
      if (!mayRemoveFactor(session, factor)) throw aal2Required();
      await db.transaction(async (tx) => {
        // A verified passkey signs in on its own: it may be the account's last way in (decision 014).
        if (factor.factorType === 'webauthn' && factor.verifiedAt !== null)
          await keepAnotherSignInMethod(tx, caller.userId, IDENTITY_MESSAGES.lastPasskey);
        await deleteFactor(tx, factor.id);
        if ((await verifiedFactors(tx, caller.userId)).length === 0)
          await deleteRecoveryCodes(tx, caller.userId);
      });
    },

    async regenerateRecoveryCodes(caller: AuthContext): Promise<string[]> {
      const session = await liveSession(db, caller);
      const verified = await verifiedFactors(db, caller.userId);
      if (verified.length === 0)
        throw badRequest('Turn on two-factor authentication first.', 'no_verified_factor');
      if (!mayManageFactors(session, true)) throw aal2Required();
      return db.transaction((tx) => issueRecoveryCodes(tx, caller.userId));
    },
  };
}
export type FactorsService = ReturnType<typeof createFactorsService>;
