/**
 * Who may take out or delete which account's data (decision 029; SPEC.md §8): only the account's
 * own holder, whatever their role. Deleting also asks the person to prove it is them again.
 */
import type { Actor } from '../../platform/policy';

/** A session younger than this counts as a fresh sign-in for an account without a password. */
export const FRESH_SIGN_IN_MS = 15 * 60 * 1000;

/** Export or delete: the signed-in holder of that account, no one else (admins included). */
export function mayHandleAccountData(actor: Actor | null, account: { userId: string }): boolean {
  return actor !== null && actor.userId === account.userId;
}

/**
 * An account without a password (signed up through a provider) is deleted only from a session
 * opened within FRESH_SIGN_IN_MS: a session left open on a shared computer is not enough.
 */
export function isFreshSignIn(session: { createdAt: Date } | null | undefined, now: Date): boolean {
  return !!session && now.getTime() - session.createdAt.getTime() <= FRESH_SIGN_IN_MS;
}
