/** The whitelist table (SPEC.md §3): addresses that may sign up without an invite code. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { whitelist } from '../../db/schema/access';

export type WhitelistRow = typeof whitelist.$inferSelect;

/** Newest first. */
export function listWhitelist(db: Database): Promise<WhitelistRow[]> {
  return db.select().from(whitelist).orderBy(desc(whitelist.createdAt), desc(whitelist.id));
}

/** Adds the address, or returns null when it is already listed (email is unique). */
export async function insertWhitelistEntry(
  db: Database,
  entry: Pick<WhitelistRow, 'email' | 'roleAllowed'>,
): Promise<WhitelistRow | null> {
  const [row] = await db
    .insert(whitelist)
    .values(entry)
    .onConflictDoNothing({ target: whitelist.email })
    .returning();
  return row ?? null;
}

/** The removed entry, or null when there was no such entry. */
export async function deleteWhitelistEntry(db: Database, id: string): Promise<WhitelistRow | null> {
  const [deleted] = await db.delete(whitelist).where(eq(whitelist.id, id)).returning();
  return deleted ?? null;
}

/** The address's entry, if it is listed (the gate's check at sign-up and at the address's proof). */
export function findWhitelistEntry(db: Database, email: string) {
  return db.query.whitelist.findFirst({ where: eq(whitelist.email, email) });
}
