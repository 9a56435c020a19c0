/** The invites table (SPEC.md §3): codes an admin hands out, each for one sign-up. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invites } from '../../db/schema/access';
import { profiles } from '../../db/schema/users';

export type InviteRow = typeof invites.$inferSelect;
export type InviteWithUser = InviteRow & { usedByUsername: string | null };

/** Every invite, newest first, with the username of whoever used it. */
export async function listInvites(db: Database): Promise<InviteWithUser[]> {
  const rows = await db
    .select({ invite: invites, usedByUsername: profiles.username })
    .from(invites)
    .leftJoin(profiles, eq(profiles.userId, invites.usedByUserId))
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
