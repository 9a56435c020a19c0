/**
 * Whose factors they are, and who may change an account's second factors. Once a factor is verified, changing them takes a
 * session that passed one (aal2): otherwise a stolen password, or a session opened before the
 * factor existed, could add a factor of its own or remove the owner's (Supabase Auth's rule too).
 */

import type { Actor } from '../../platform/policy';
import type { AssuranceLevel } from '../auth/auth.sessions';

interface SessionLevel {
  aal: AssuranceLevel;
}

/** Enrolling a factor, or making new recovery codes. */
export function mayManageFactors(session: SessionLevel, hasVerifiedFactor: boolean): boolean {
  return !hasVerifiedFactor || session.aal === 'aal2';
}

/** An unfinished enrolment protects nothing yet, so any session of its owner may drop it. */
export function mayRemoveFactor(
  session: SessionLevel,
  factor: { verifiedAt: Date | null },
): boolean {
  return factor.verifiedAt === null || session.aal === 'aal2';
}

/**
 * The factor exists and belongs to the caller: the signed-in account, or the account a sign-in's
 * MFA ticket names. Someone else's factor is as good as missing (its existence is not theirs to
 * learn), so callers answer "not found" either way.
 */
export function ownsFactor<F extends { userId: string }>(
  caller: Pick<Actor, 'userId'> | null,
  factor: F | null | undefined,
): factor is F {
  return caller !== null && factor != null && factor.userId === caller.userId;
}
