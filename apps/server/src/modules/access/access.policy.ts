/** Who may do what to an access request (STYLE.md: authorization in one place per module). */
import type { AccessRequestStatus } from '@adreel/domain';

/**
 * Only a pending request can be approved or declined (DESIGN.md §3): a decision, once mailed to the
 * requester, is not taken back by a second click.
 */
export function canDecideAccessRequest(request: { status: AccessRequestStatus }): boolean {
  return request.status === 'pending';
}
