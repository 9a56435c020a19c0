/** The whitelist (SPEC.md §2 Admin whitelist, §4) and the approval of access requests through it. */
import type { WhitelistAddInput, WhitelistEntry } from '@adreel/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { type Actor, authorize } from '../../platform/policy';
import { mayManageAccess } from './access.policy';
import { approveAccessRequest } from './access.service';
import {
  deleteWhitelistEntry,
  insertWhitelistEntry,
  listWhitelist,
  type WhitelistRow,
} from './whitelist.queries';

export const ALREADY_WHITELISTED_MESSAGE = 'This email is already on the whitelist';

export type WhitelistAddition = WhitelistAddInput & {
  /** The access request this addition approves, when the admin came from its Approve action. */
  accessRequestId?: string | undefined;
};

export function toWhitelistEntry(row: WhitelistRow): WhitelistEntry {
  return {
    id: row.id,
    email: row.email,
    roleAllowed: row.roleAllowed,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createWhitelistService(
  db: Database,
  settings: Pick<Config, 'appName' | 'publicUrl'>,
) {
  return {
    async list(actor: Actor): Promise<WhitelistEntry[]> {
      authorize(mayManageAccess(actor));
      return (await listWhitelist(db)).map(toWhitelistEntry);
    },

    /**
     * Adds the address with its role. Approving a request is this same addition (DESIGN.md §3): in
     * one transaction the request is marked approved and the requester is mailed a sign-up link.
     */
    async add(input: WhitelistAddition, actor: AuditActor): Promise<WhitelistEntry> {
      authorize(mayManageAccess(actor));
      const adminId = actor.userId;
      const email = input.email.toLowerCase();
      const row = await db.transaction(async (tx) => {
        const entry = await insertWhitelistEntry(tx, { email, roleAllowed: input.role });
        if (!entry) throw conflict(ALREADY_WHITELISTED_MESSAGE, 'already_whitelisted');
        await recordAudit(tx, {
          actor,
          action: 'whitelist.add',
          targetType: 'whitelist',
          targetId: entry.id,
          details: { email, role: entry.roleAllowed },
        });
        if (input.accessRequestId) {
          await approveAccessRequest(tx, input.accessRequestId, { adminId, email, settings });
          await recordAudit(tx, {
            actor,
            action: 'access_request.approve',
            targetType: 'access_request',
            targetId: input.accessRequestId,
            details: { email, role: entry.roleAllowed, whitelistId: entry.id },
          });
        }
        return entry;
      });
      return toWhitelistEntry(row);
    },

    async remove(id: string, actor: AuditActor): Promise<void> {
      authorize(mayManageAccess(actor));
      await db.transaction(async (tx) => {
        const removed = await deleteWhitelistEntry(tx, id);
        if (!removed) throw notFound('Whitelist entry not found');
        await recordAudit(tx, {
          actor,
          action: 'whitelist.remove',
          targetType: 'whitelist',
          targetId: id,
          details: { email: removed.email, role: removed.roleAllowed },
        });
      });
    },
  };
}
export type WhitelistService = ReturnType<typeof createWhitelistService>;
