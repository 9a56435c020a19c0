/** Invite codes (SPEC.md §2 Admin invites, §4 display status, §9 limits). */
import {
  type Invite,
  type InviteGenerateInput,
  inviteDisplayStatus,
  type RequestableRole,
  type Role,
} from '@adreel/domain';
import type { Database } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type Actor, authorize } from '../../platform/policy';
import { mayManageAccess } from './access.policy';
import { generateInviteCode } from './invite-codes';
import { type InviteWithUser, insertInvites, listInvites } from './invites.queries';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A collision needs two equal draws among 36^8 codes; several rounds of them mean something is wrong. */
const MAX_GENERATION_ROUNDS = 5;

/**
 * The API only ever makes invites for requestable roles, and its contract shows only those. The
 * table would take an admin invite written by hand; showing it as anything else would mislead.
 */
function requestableRole(role: Role): RequestableRole {
  if (role === 'admin') throw new Error('an invite grants admin, which the invite API cannot show');
  return role;
}

export function toInvite(row: InviteWithUser, now: Date): Invite {
  return {
    id: row.id,
    code: row.code,
    role: requestableRole(row.role),
    expiresAt: row.expiresAt.toISOString(),
    isUsed: row.isUsed,
    usedAt: row.usedAt?.toISOString() ?? null,
    usedByUsername: row.usedByUsername,
    createdAt: row.createdAt.toISOString(),
    status: inviteDisplayStatus(row, now),
  };
}

export function createInvitesService(db: Database) {
  return {
    async list(actor: Actor, now = new Date()): Promise<Invite[]> {
      authorize(mayManageAccess(actor));
      return (await listInvites(db)).map((row) => toInvite(row, now));
    },

    /** `count` new unique codes for `role`, valid `expiryDays` days from now, all or none. */
    async generate(input: InviteGenerateInput, actor: AuditActor): Promise<Invite[]> {
      authorize(mayManageAccess(actor));
      const createdBy = actor.userId;
      const now = new Date();
      const expiresAt = new Date(now.getTime() + input.expiryDays * DAY_MS);
      const created = await db.transaction(async (tx) => {
        const rows: InviteWithUser[] = [];
        for (let round = 0; rows.length < input.count; round += 1) {
          if (round === MAX_GENERATION_ROUNDS)
            throw new Error('could not draw unique invite codes');
          const codes = new Set<string>();
          while (codes.size < input.count - rows.length) codes.add(generateInviteCode());
          const inserted = await insertInvites(
            tx,
            [...codes].map((code) => ({ code, role: input.role, expiresAt, createdBy })),
          );
          rows.push(...inserted.map((row) => ({ ...row, usedByUsername: null })));
        }
        for (const row of rows)
          await recordAudit(tx, {
            actor,
            action: 'invite.generate',
            targetType: 'invite',
            targetId: row.id,
            details: { code: row.code, role: row.role, expiresAt: row.expiresAt.toISOString() },
          });
        return rows;
      });
      return created.map((row) => toInvite(row, now));
    },
  };
}
export type InvitesService = ReturnType<typeof createInvitesService>;
