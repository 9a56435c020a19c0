/** Who may do what to an access request (STYLE.md: authorization in one place per module). */
import type { AccessRequestStatus } from '@adreel/domain';
import { type Actor, inArea } from '../../platform/policy';

/**
 * Invites, the whitelist and access requests (SPEC.md §2 Admin, §6): admins only. Asking for
 * access is open to anyone, signed out included (the join page).
 */
export function mayManageAccess(actor: Actor | null): boolean {
  return inArea(actor, 'admin');
}

/**
 * Only a pending request can be approved or declined (DESIGN.md §3): a decision, once mailed to the
 * requester, is not taken back by a second click.
 */
export function canDecideAccessRequest(request: { status: AccessRequestStatus }): boolean {
  return request.status === 'pending';
}
