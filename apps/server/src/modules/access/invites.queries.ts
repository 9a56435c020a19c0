/** The invites table (SPEC.md §3): codes an admin hands out, each for one sign-up. */
import type { Role } from '@adreel/domain';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invites } from '../../db/schema/access';
import { accountDirectory as account } from '../auth/auth.directory';

export type InviteRow = typeof invites.$inferSelect;
export type InviteWithUser = InviteRow & { usedByUsername: string | null };

/** Every invite, newest first, with the username of whoever used it. */
export async function listInvites(db: Database): Promise<InviteWithUser[]> {
  const rows = await db
    .select({ invite: invites, usedByUsername: account.username })
    .from(invites)
    .leftJoin(account, eq(account.userId, invites.usedByUserId))
    .orderBy(desc(invites.createdAt), desc(invites.code));
  return rows.map((row) => ({ ...row.invite, usedByUsername: row.usedByUsername }));
}

/** Inserts the codes that are still free; a code that already exists is skipped, not an error. */
export function insertInvites(
  db: Database,
  values: Array<Pick<typeof invites.$inferInsert, 'code' | 'role' | 'expiresAt' | 'createdBy'>>,
): Promise<InviteRow[]> {
  return db
    .insert(invites)
    .values(values)
    .onConflictDoNothing({ target: invites.code })
    .returning();
}

/** Whether an unused, unexpired invite has this code (the gate's check; consumeInvite spends it). */
export async function inviteIsLive(db: Database, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(eq(invites.code, code), eq(invites.isUsed, false), gt(invites.expiresAt, sql`now()`)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Marks an unused, unexpired invite as used by `userId` and returns its role, or null when there is
 * no such invite. The condition sits in the UPDATE itself: of many sign-ups racing on one code, the
 * row lock lets exactly one match it.
 */
export async function consumeInvite(
  db: Database,
  code: string,
  userId: string | null,
): Promise<Role | null> {
  const [row] = await db
    .update(invites)
    .set({ isUsed: true, usedByUserId: userId, usedAt: sql`now()` })
    .where(
      and(eq(invites.code, code), eq(invites.isUsed, false), gt(invites.expiresAt, sql`now()`)),
    )
    .returning({ role: invites.role });
  return row?.role ?? null;
}
