/**
 * Who may do what with the weekly digest (decision 029; SPEC.md §7). Each account changes only its
 * own subscription (the routes take the caller's id, or the account a signed unsubscribe link
 * names); the test send goes to the requesting admin only.
 */
import { type Actor, inArea } from '../../platform/policy';

/** Sending this week's digest to oneself as a test (send-weekly-digest, test: true): admins only. */
export function mayTestDigest(actor: Actor | null): boolean {
  return inArea(actor, 'admin');
}
