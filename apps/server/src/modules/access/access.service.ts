/** Join requests (SPEC.md §2 Join, DESIGN.md §3): taking them, counting them, deciding on them. */
import {
  type AccessRequest,
  type AccessRequestInput,
  type AccessRequestStatus,
  BETA_TARGET,
  type BetaProgress,
} from '@adreel/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { type Actor, authorize } from '../../platform/policy';
import { notify } from '../../platform/realtime/notifications';
import { accessApprovedMail, accessRequestNotice } from './access.mail';
import { canDecideAccessRequest, mayManageAccess } from './access.policy';
import {
  type AccessRequestRow,
  adminAddresses,
  countAccessRequests,
  decideAccessRequest,
  findAccessRequest,
  insertAccessRequest,
  listAccessRequests,
} from './access.queries';

/** NOTIFYed when an access request is taken; the beta progress streams listen to it. */
export const BETA_PROGRESS_CHANNEL = 'beta_progress';

export const joinedMessage = (appName: string) =>
  `Thank you for joining ${appName} Beta! We'll contact you soon with your access details.`;
export const alreadyRequestedMessage = (appName: string) =>
  `Good news: we already have your request to join ${appName} Beta. We'll contact you soon with your access details.`;

export interface JoinResult {
  status: 'created' | 'already_requested';
  message: string;
}

type Settings = Pick<Config, 'appName' | 'publicUrl'>;

export function toAccessRequest(row: AccessRequestRow): AccessRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    notes: row.notes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAccessService(db: Database, settings: Settings) {
  return {
    /** Beta progress (SPEC.md §9): every access request counts towards the target of 100. */
    async betaProgress(): Promise<BetaProgress> {
      return { count: await countAccessRequests(db), target: BETA_TARGET };
    },

    /**
     * One request per address: asking again changes nothing and says so kindly. A new request is
     * mailed to every admin and moves the live counters, both only if it commits.
     */
    async requestAccess(input: AccessRequestInput): Promise<JoinResult> {
      const created = await db.transaction(async (tx) => {
        const row = await insertAccessRequest(tx, {
          name: input.name,
          email: input.email.toLowerCase(),
          role: input.role,
          notes: input.notes ? input.notes : null,
        });
        if (!row) return false;
        for (const admin of await adminAddresses(tx))
          await enqueueMail(tx, accessRequestNotice(admin, row, settings));
        await notify(tx, BETA_PROGRESS_CHANNEL);
        return true;
      });
      return created
        ? { status: 'created', message: joinedMessage(settings.appName) }
        : { status: 'already_requested', message: alreadyRequestedMessage(settings.appName) };
    },

    async listRequests(actor: Actor, status: AccessRequestStatus | null): Promise<AccessRequest[]> {
      authorize(mayManageAccess(actor));
      return (await listAccessRequests(db, status)).map(toAccessRequest);
    },

    async declineRequest(id: string, actor: AuditActor): Promise<AccessRequest> {
      authorize(mayManageAccess(actor));
      const row = await db.transaction(async (tx) => {
        await pendingRequest(tx, id);
        const declined = await decideAccessRequest(tx, id, {
          status: 'declined',
          decidedBy: actor.userId,
        });
        if (!declined) throw alreadyDecided();
        await recordAudit(tx, {
          actor,
          action: 'access_request.decline',
          targetType: 'access_request',
          targetId: id,
          details: { email: declined.email, role: declined.role },
        });
        return declined;
      });
      return toAccessRequest(row);
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;

/**
 * Approves a pending request inside the caller's transaction (the whitelist addition that grants
 * it) and mails the requester their sign-up link, which is sent only if that transaction commits.
 */
export async function approveAccessRequest(
  tx: Database,
  id: string,
  approval: { adminId: string; email: string; settings: Settings },
): Promise<void> {
  const request = await pendingRequest(tx, id);
  if (request.email !== approval.email)
    throw badRequest('The email does not match the access request', 'email_mismatch');
  const row = await decideAccessRequest(tx, id, {
    status: 'approved',
    decidedBy: approval.adminId,
  });
  if (!row) throw alreadyDecided();
  await enqueueMail(tx, accessApprovedMail(row, approval.settings));
}

async function pendingRequest(db: Database, id: string): Promise<AccessRequestRow> {
  const request = await findAccessRequest(db, id);
  if (!request) throw notFound('Access request not found');
  if (!canDecideAccessRequest(request)) throw alreadyDecided(request.status);
  return request;
}

function alreadyDecided(status?: AccessRequestStatus) {
  const message = status
    ? `This access request was already ${status}`
    : 'This access request was already decided';
  return conflict(message, 'already_decided');
}
