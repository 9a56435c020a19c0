/**
 * Who may act on the ranking (decision 029). The 10-minute task recomputes on its own; a person
 * asking for it now (the admin's Tools tab) must be an admin.
 */
import { type Actor, inArea } from '../../platform/policy';

/** Recomputing every approved video's score on demand: admins only (SPEC.md §7 admin-operations). */
export function mayRecomputeScores(actor: Actor | null): boolean {
  return inArea(actor, 'admin');
}
