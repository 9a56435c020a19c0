/**
 * Whoever proves the mailbox ends up the only one with the account (decision 022; DESIGN.md §3
 * "Email ownership"; Sudhodanan & Paverd, "Pre-hijacked accounts", USENIX Security 2022).
 *
 * An account whose address is not proven may have been created by someone who only knew the
 * address (a squatter waiting for its owner). Until the address is proven it adds no second factor,
 * passkey or linked identity, and holds no whitelisted role. The first proof (the verification
 * link, a password reset link, or a provider that verified the address) goes through
 * claimAccountByProof, which removes whatever the prover did not set up.
 */
import { OWNERSHIP_MESSAGES } from '@adreel/domain/ownership-api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, users } from '../../db/schema/users';
import { AppError } from '../../platform/errors';
import { whitelistEntryFor } from '../access/gate.service';
import { dropAllFactors } from '../mfa/mfa.accounts';
import { dropAllIdentities } from '../oidc/oidc.accounts';
import { holdHandle } from './auth.handles';
import { grantRoles, markEmailVerified, spendOutstandingLinks } from './auth.queries';
import { revokeUserSessions } from './auth.sessions.queries';

/** Who proved the address, as the caller knows them. */
export interface Prover {
  /**
   * The prover's own session on this account, if they have one (e.g. a future "link this provider"
   * from a signed-in page): it is kept. Every other session of the account ends.
   */
  sessionId?: string;
  /**
   * True only when the prover is known to have set the account up themselves: the verification link
   * was opened in the browser that signed up (the sign-up binding cookie matched). Then the password,
   * profile and the sessions signed in with that password stay. Anything else (a link opened in
   * another browser, a password reset, a provider's verified email) is a takeover: full purge.
   */
  setUpAccount?: boolean;
  /** A username the prover chose in the same step (takeover only); the old one stays otherwise. */
  username?: string;
}

export interface Claim {
  /** False when the address was already proven: nothing was changed. */
  claimed: boolean;
  /** True when the purge ran (everything set up before the proof is gone). */
  purged: boolean;
  /** Sessions ended. */
  sessionsEnded: number;
}

/** 403 for adding a sign-in method (factor, passkey, phone, identity) to an unproven account. */
export const verifyEmailFirst = () =>
  new AppError(403, 'email_not_verified', OWNERSHIP_MESSAGES.verifyEmailFirst);

/** Throws verifyEmailFirst() unless the account's address is proven. */
export async function assertEmailVerified(db: Database, userId: string): Promise<void> {
  const [user] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.emailVerifiedAt) throw verifyEmailFirst();
}

/**
 * The first proof of the address makes the prover the only one with the account. Call inside the
 * transaction that spends the proof (the link's token, the provider's code). On an account whose
 * address is already proven it changes nothing (`claimed: false`): a password reset there ends
 * sessions on its own and keeps factors, which only a proven owner could have added.
 *
 * Takeover (`setUpAccount` not set): every session but `prover.sessionId` ends; every factor,
 * passkey, phone, recovery code, challenge and linked identity is deleted; the password is dropped
 * (the caller sets the prover's new one in the same transaction, or leaves none for a provider
 * sign-in); the display name falls back to the username and the photo goes; outstanding mailed
 * links are spent. In both cases the address is marked proven and the whitelist role arrives now.
 */
export async function claimAccountByProof(
  tx: Database,
  userId: string,
  prover: Prover,
): Promise<Claim> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.deletedAt || user.emailVerifiedAt)
    return { claimed: false, purged: false, sessionsEnded: 0 };

  // Nothing may be added before the proof (verifyEmailFirst), so what is here is either the
  // squatter's or left from before that rule: it goes whoever proves.
  await dropAllFactors(tx, userId);
  await dropAllIdentities(tx, userId);

  let sessionsEnded = 0;
  const purged = !prover.setUpAccount;
  if (purged) {
    // The usual revocation, so whatever hooks on it (access tokens) runs for these too.
    sessionsEnded = await revokeUserSessions(tx, userId, prover.sessionId);
    await tx
      .update(users)
      .set({ passwordHash: null, requestedRole: null })
      .where(eq(users.id, userId));
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
    if (profile) {
      const username = prover.username ?? profile.username;
      await tx
        .update(profiles)
        .set({ username, displayName: username, photoUrl: null })
        .where(eq(profiles.userId, userId));
      // A new handle holds its skeletons instead of the old one's (issue 25 item 8).
      if (prover.username) await holdHandle(tx, userId, prover.username);
    }
  }

  // Links mailed before the proof are spent with it: one proof per address.
  await spendOutstandingLinks(tx, userId);
  await markEmailVerified(tx, userId);
  const entry = await whitelistEntryFor(tx, user.email);
  if (entry) await grantRoles(tx, userId, [entry.roleAllowed]);
  return { claimed: true, purged, sessionsEnded };
}
