/** The person behind a creator's profile (SPEC.md §2 Profile); the rest is profiles.service.ts. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, userRoles, users } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person behind a profile (not a deleted account), and whether they hold the creator role. */
export async function findProfilePerson(db: Database, userId: string) {
  // Any other text is simply no one's id: a not-found, like an id that does not exist.
  if (!UUID.test(userId)) return null;
  const [person] = await db
    .select({
      id: profiles.userId,
      username: profiles.username,
      displayName: profiles.displayName,
      photoUrl: profiles.photoUrl,
      isCreator: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.userId} and ${userRoles.role} = 'creator')`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.userId, userId), isNull(users.deletedAt)));
  return person ?? null;
}
