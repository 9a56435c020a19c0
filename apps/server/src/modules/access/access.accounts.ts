/**
 * What other modules ask the access module about one account. The access module owns
 * access_requests and whitelist (db/schema/access.ts), both kept by email address; other modules
 * call these, never access.queries or whitelist.queries. Caller today: account-data, exporting and
 * deleting an account. Pass the caller's `tx` when deleting.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessRequests, whitelist } from '../../db/schema/access';

/** Deletes the access requests and the whitelist entry kept under this address. */
export async function deleteAccessByEmail(tx: Database, email: string): Promise<void> {
  await tx.delete(accessRequests).where(eq(accessRequests.email, email));
  await tx.delete(whitelist).where(eq(whitelist.email, email));
}

/** The access requests kept under this address (the account's data export). */
export function exportAccessRequests(db: Database, email: string) {
  return db.select().from(accessRequests).where(eq(accessRequests.email, email));
}

/** The whitelist entry kept under this address, as a list (the account's data export). */
export function exportWhitelistEntries(db: Database, email: string) {
  return db.select().from(whitelist).where(eq(whitelist.email, email));
}
