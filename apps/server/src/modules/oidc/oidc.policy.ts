/**
 * Whose linked identities they are (decision 029): the account screen lists, and unlinks, only the
 * caller's own. Someone else's identity is as good as missing, so the service answers "not found".
 */
import type { Actor } from '../../platform/policy';

/** The identity exists and is linked to the caller's account. */
export function ownsIdentity<I extends { userId: string }>(
  actor: Actor | null,
  identity: I | null | undefined,
): identity is I {
  return actor !== null && identity != null && identity.userId === actor.userId;
}
