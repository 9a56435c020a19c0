/** Who may read the audit log (decision 029; issue 7): admins only. Writing it is every service's. */
import { type Actor, inArea } from '../../platform/policy';

export function mayReadAuditLog(actor: Actor | null): boolean {
  return inArea(actor, 'admin');
}
