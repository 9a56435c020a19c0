/** Who may watch the admin's live tab counts (decision 029; SPEC.md §6: admin only). */
import { type Actor, inArea } from '../../platform/policy';

export function mayWatchAdminCounts(actor: Actor | null): boolean {
  return inArea(actor, 'admin');
}
