/**
 * What other modules ask the access module about one account. The access module owns
 * access_requests and whitelist (db/schema/access.ts), both kept by email address; other modules
 * call these, never access.queries or whitelist.queries. Caller today: account-data, deleting an
 * account. Pass the caller's `tx`.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessRequests, whitelist } from '../../db/schema/access';

/** Deletes the access requests and the whitelist entry kept under this address. */
export async function deleteAccessByEmail(tx: Database, email: string): Promise<void> {
  await tx.delete(accessRequests).where(eq(accessRequests.email, email));
  await tx.delete(whitelist).where(eq(whitelist.email, email));
}
