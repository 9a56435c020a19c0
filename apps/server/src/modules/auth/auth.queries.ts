/** The accounts tables: users, profiles, roles, email tokens (the gate's tables are access's). */
import type { Role } from '@adreel/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { EmailTokenPurpose } from '../../db/schema/auth';
import { emailTokens } from '../../db/schema/auth';
import { profiles, userRoles, users } from '../../db/schema/users';
import { findHandleHolder, holdHandle, releaseHandle } from './auth.handles';

export function findUserByEmail(db: Database, email: string) {
  return db.query.users.findFirst({ where: and(eq(users.email, email), isNull(users.deletedAt)) });
}

export function findUserById(db: Database, userId: string) {
  return db.query.users.findFirst({ where: and(eq(users.id, userId), isNull(users.deletedAt)) });
}

export async function findProfile(db: Database, userId: string) {
  return db.query.profiles.findFirst({ where: eq(profiles.userId, userId) });
}

export async function rolesOf(db: Database, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

export async function grantRoles(
  db: Database,
  userId: string,
  roles: readonly Role[],
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insert(userRoles)
    .values(roles.map((role) => ({ userId, role })))
    .onConflictDoNothing();
}

/** Whether the handle, or one it reads like (letter case and script aside), is held. */
export async function usernameExists(db: Database, username: string): Promise<boolean> {
  return (await findHandleHolder(db, username)) !== null;
}

export async function emailExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(
  db: Database,
  values: { email: string; passwordHash: string | null; requestedRole: Role | null },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: values.email,
      passwordHash: values.passwordHash,
      requestedRole: values.requestedRole === 'admin' ? null : values.requestedRole,
    })
    .returning();
  if (!user) throw new Error('insert into users returned no row');
  return user;
}

export async function insertProfile(
  db: Database,
  values: { userId: string; username: string; displayName: string },
): Promise<void> {
  await db.insert(profiles).values(values);
  await holdHandle(db, values.userId, values.username);
}

export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

/**
 * Sets (or drops) the password and spends every mailed link of the account still outstanding: a
 * reset or verification link mailed before the password changed must not outlive it. Pass the
 * caller's transaction where there is one.
 */
export async function setPasswordHash(
  db: Database,
  userId: string,
  passwordHash: string | null,
): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await spendOutstandingLinks(db, userId);
}

/** Marks every unspent mailed link of the account spent (one proof per address; a new password). */
export async function spendOutstandingLinks(db: Database, userId: string): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
}

/**
 * Locks the account's row for the rest of the caller's transaction and says whether it has a
 * password; null when there is no such account. Whoever counts an account's sign-in methods locks
 * first, so two removals at once cannot both think the other one is left.
 */
export async function lockAccountPassword(
  tx: Database,
  userId: string,
): Promise<{ hasPassword: boolean } | null> {
  const [user] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user ? { hasPassword: Boolean(user.passwordHash) } : null;
}

export async function insertEmailToken(
  db: Database,
  values: {
    userId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    bindingHash?: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/** Uses a mailed link's token once: returns its user, or null when unknown, used or expired. */
export async function consumeEmailToken(
  db: Database,
  purpose: EmailTokenPurpose,
  tokenHash: string,
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** A mailed link's token while it is still usable, without spending it. */
export async function findLiveEmailToken(
  db: Database,
  purpose: EmailTokenPurpose,
  tokenHash: string,
): Promise<{ userId: string; bindingHash: string | null } | null> {
  const [row] = await db
    .select({ userId: emailTokens.userId, bindingHash: emailTokens.bindingHash })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

// An account's own deletion and data export (account-data, through auth.accounts).

/** The account row, closed or not, locked until the caller's transaction ends. */
export async function lockUserRow(tx: Database, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/** The account row, closed or not, with its profile where it has one. */
export async function findUserWithProfile(db: Database, userId: string) {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The account's role rows (role and since when), in no particular order. */
export function roleRowsOf(db: Database, userId: string) {
  return db.select().from(userRoles).where(eq(userRoles.userId, userId));
}

export async function deleteEmailTokensOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
}

/**
 * Closes the account: the profile keeps only the given placeholder names, the user row loses its
 * address (freed for a new sign-up), password and requested role, and is marked deleted now.
 */
export async function anonymiseUser(
  tx: Database,
  userId: string,
  placeholder: { username: string; displayName: string },
): Promise<void> {
  await tx
    .update(profiles)
    .set({ username: placeholder.username, displayName: placeholder.displayName, photoUrl: null })
    .where(eq(profiles.userId, userId));
  await releaseHandle(tx, userId);
  await tx
    .update(users)
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      emailVerifiedAt: null,
      passwordHash: null,
      requestedRole: null,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}
