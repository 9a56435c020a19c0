/**
 * One-click unsubscribe links (RFC 8058): `<user id>.<HMAC-SHA256 of it under the user's own key>`.
 * The key lives in digest_preferences, so a link works without signing in, cannot be made for
 * someone else, and survives signing-key rotation.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { digestPreferences } from '../../db/schema/digest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(key: string, userId: string): string {
  return createHmac('sha256', key).update(`digest-unsubscribe:${userId}`).digest('base64url');
}

/** The user's signing key, made (with the preference row, subscribed) the first time it is needed. */
export async function unsubscribeKeyFor(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .insert(digestPreferences)
    .values({ userId, unsubscribeKey: randomBytes(32).toString('base64url') })
    .onConflictDoUpdate({
      target: digestPreferences.userId,
      // A no-op update, so that RETURNING gives the row that was already there.
      set: { unsubscribeKey: sql`${digestPreferences.unsubscribeKey}` },
    })
    .returning({ key: digestPreferences.unsubscribeKey });
  if (!row) throw new Error('digest preference row was not returned');
  return row.key;
}

export async function unsubscribeToken(db: Database, userId: string): Promise<string> {
  return `${userId}.${mac(await unsubscribeKeyFor(db, userId), userId)}`;
}

/** The user a token was made for, or null for a forged, altered or unknown one. */
export async function verifyUnsubscribeToken(db: Database, token: string): Promise<string | null> {
  const [userId, signature] = token.split('.');
  if (!userId || !signature || !UUID.test(userId)) return null;
  const [row] = await db
    .select({ key: digestPreferences.unsubscribeKey })
    .from(digestPreferences)
    .where(eq(digestPreferences.userId, userId));
  if (!row) return null;
  const expected = Buffer.from(mac(row.key, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
