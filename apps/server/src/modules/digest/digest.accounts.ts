/**
 * What other modules ask the digest module about one account. The digest module owns
 * digest_preferences and digest_sends (db/schema/digest.ts); other modules call these, never
 * digest.queries. Caller today: account-data, exporting and deleting an account. Pass the caller's
 * `tx` when deleting.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { digestPreferences, digestSends } from '../../db/schema/digest';

/** Deletes the account's digest preferences and its record of digests sent. */
export async function deleteAccountDigests(tx: Database, userId: string): Promise<void> {
  await tx.delete(digestPreferences).where(eq(digestPreferences.userId, userId));
  await tx.delete(digestSends).where(eq(digestSends.userId, userId));
}

/** The account's digest preference, as a list of none or one row (its data export). */
export function exportDigestPreferences(db: Database, userId: string) {
  return db.select().from(digestPreferences).where(eq(digestPreferences.userId, userId));
}

/** The account's record of digests sent, in no particular order (its data export). */
export function exportDigestSends(db: Database, userId: string) {
  return db.select().from(digestSends).where(eq(digestSends.userId, userId));
}
