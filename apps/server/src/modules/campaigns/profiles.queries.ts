/** The person behind a creator's profile (SPEC.md §2 Profile); the rest is profiles.service.ts. */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountDirectory, hasRoleSql } from '../auth/auth.directory';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person behind a profile (not a deleted account), and whether they hold the creator role. */
export async function findProfilePerson(db: Database, userId: string) {
  // Any other text is simply no one's id: a not-found, like an id that does not exist.
  if (!UUID.test(userId)) return null;
  const [person] = await db
    .select({
      id: accountDirectory.userId,
      // A profile exists (the where below), so its columns are there.
      username: sql<string>`${accountDirectory.username}`,
      displayName: sql<string>`${accountDirectory.displayName}`,
      photoUrl: accountDirectory.photoUrl,
      isCreator: hasRoleSql(accountDirectory.userId, 'creator'),
    })
    .from(accountDirectory)
    .where(
      and(
        eq(accountDirectory.userId, userId),
        isNull(accountDirectory.deletedAt),
        isNotNull(accountDirectory.username),
      ),
    );
  return person ?? null;
}
