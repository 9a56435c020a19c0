/** The whitelist (SPEC.md §2 Admin whitelist, §4) and the approval of access requests through it. */
import type { WhitelistAddInput, WhitelistEntry } from '@adreel/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../platform/errors';
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
    async list(): Promise<WhitelistEntry[]> {
      return (await listWhitelist(db)).map(toWhitelistEntry);
    },

    /**
     * Adds the address with its role. Approving a request is this same addition (DESIGN.md §3): in
     * one transaction the request is marked approved and the requester is mailed a sign-up link.
     */
    async add(input: WhitelistAddition, adminId: string): Promise<WhitelistEntry> {
      const email = input.email.toLowerCase();
      const row = await db.transaction(async (tx) => {
        const entry = await insertWhitelistEntry(tx, { email, roleAllowed: input.role });
        if (!entry) throw conflict(ALREADY_WHITELISTED_MESSAGE, 'already_whitelisted');
        if (input.accessRequestId)
          await approveAccessRequest(tx, input.accessRequestId, { adminId, email, settings });
        return entry;
      });
      return toWhitelistEntry(row);
    },

    async remove(id: string): Promise<void> {
      if (!(await deleteWhitelistEntry(db, id))) throw notFound('Whitelist entry not found');
    },
  };
}
export type WhitelistService = ReturnType<typeof createWhitelistService>;
