/**
 * Handles that read alike (issue 25 item 8, decision 039). Every handle holds its skeletons in
 * username_skeletons (auth.skeleton.ts says which), each skeleton one handle's, so the database
 * refuses a look-alike even when two sign-ups race; the checks here find who holds the handle a new
 * one reads like, before that, to name them in the 409. Whoever sets a handle (sign-up, the
 * provider sign-up, the "choose a password" step, account deletion, the demo seed) goes through
 * holdHandle or releaseHandle in the same transaction.
 */
import { MESSAGES, usernameTooCloseMessage } from '@adreel/domain';
import { and, asc, eq, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, usernameSkeletons, users } from '../../db/schema/users';
import { isUniqueViolation } from '../../platform/db-errors';
import { type AppError, conflict } from '../../platform/errors';
import { handleSkeletons } from './auth.skeleton';

export interface HandleHolder {
  userId: string;
  username: string;
}

/**
 * Who holds `username` or a handle it reads like (letter case aside, in any script, with hidden
 * characters); null when it is free. The same handle comes first, then a case variant. A handle
 * that `exceptUserId` holds does not count: renaming yourself to a look-alike of your own handle is
 * fine.
 */
export async function findHandleHolder(
  db: Database,
  username: string,
  exceptUserId?: string,
): Promise<HandleHolder | null> {
  const readsAlike = db
    .select({ userId: usernameSkeletons.userId })
    .from(usernameSkeletons)
    .where(inArray(usernameSkeletons.skeleton, handleSkeletons(username)));
  const [holder] = await db
    .select({ userId: profiles.userId, username: profiles.username })
    .from(profiles)
    .where(
      and(
        or(
          sql`lower(${profiles.username}) = lower(${username})`,
          inArray(profiles.userId, readsAlike),
        ),
        exceptUserId === undefined ? undefined : ne(profiles.userId, exceptUserId),
      ),
    )
    .orderBy(
      sql`${profiles.username} = ${username} desc`,
      sql`lower(${profiles.username}) = lower(${username}) desc`,
    )
    .limit(1);
  return holder ?? null;
}

/**
 * The 409 for a handle that is held: SPEC's "taken" for the very same handle, else which handle it
 * is too close to ("NAME", "nаme" and "name\u200B" are all too close to @name).
 */
export function handleConflict(holder: HandleHolder, username: string): AppError {
  if (holder.username === username) return conflict(MESSAGES.usernameTaken, 'username_taken');
  return conflict(usernameTooCloseMessage(holder.username), 'username_taken');
}

/** Throws the 409 when `username` is held or reads like a held handle (other than the caller's). */
export async function assertHandleFree(
  db: Database,
  username: string,
  exceptUserId?: string,
): Promise<void> {
  const holder = await findHandleHolder(db, username, exceptUserId);
  if (holder) throw handleConflict(holder, username);
}

/** The database refused a handle: the same one (case aside) or one that reads alike was taken. */
export function isHandleViolation(error: unknown): boolean {
  return (
    isUniqueViolation(error, 'profiles_username_lower_unique') ||
    isUniqueViolation(error, 'username_skeletons_pkey')
  );
}

/**
 * The 409 after the database refused `username` (two sign-ups raced and the other one committed):
 * it names the winner when there is one to name.
 */
export async function handleTaken(db: Database, username: string | undefined): Promise<AppError> {
  const holder = username === undefined ? null : await findHandleHolder(db, username);
  return holder && username !== undefined
    ? handleConflict(holder, username)
    : conflict(MESSAGES.usernameTaken, 'username_taken');
}

/**
 * The account's handle now is `username`: its skeletons replace the ones it held. A unique
 * violation (username_skeletons_pkey) means another handle reads the same; the caller's
 * transaction is then lost, as with any constraint.
 */
export async function holdHandle(db: Database, userId: string, username: string): Promise<void> {
  await releaseHandle(db, userId);
  await db
    .insert(usernameSkeletons)
    .values(handleSkeletons(username).map((skeleton) => ({ skeleton, userId })));
}

/** The account holds no handle any more (a closed account's placeholder name needs none). */
export async function releaseHandle(db: Database, userId: string): Promise<void> {
  await db.delete(usernameSkeletons).where(eq(usernameSkeletons.userId, userId));
}

/**
 * Gives every open account's handle that holds no skeleton its skeletons: the handles taken before
 * migration 0022, at the first start after it. Oldest account first, so where two handles taken
 * back then read alike the older keeps the skeleton they share and the newer keeps its name with
 * the skeletons nobody holds (it is not renamed; new look-alikes of either are refused). Safe on
 * every start and in several processes at once: a skeleton already held is left as it is.
 */
export async function backfillUsernameSkeletons(
  db: Database,
): Promise<{ handles: number; sharing: number }> {
  const withoutSkeletons = await db
    .select({ userId: profiles.userId, username: profiles.username })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        isNull(users.deletedAt),
        notExists(
          db
            .select({ userId: usernameSkeletons.userId })
            .from(usernameSkeletons)
            .where(eq(usernameSkeletons.userId, profiles.userId)),
        ),
      ),
    )
    .orderBy(asc(users.createdAt), asc(profiles.userId));
  let sharing = 0;
  for (const { userId, username } of withoutSkeletons) {
    const skeletons = handleSkeletons(username);
    const held = await db
      .insert(usernameSkeletons)
      .values(skeletons.map((skeleton) => ({ skeleton, userId })))
      .onConflictDoNothing()
      .returning({ skeleton: usernameSkeletons.skeleton });
    if (held.length < skeletons.length) sharing += 1;
  }
  return { handles: withoutSkeletons.length, sharing };
}
