/** Sessions and their single-use refresh tokens (decision 003). */
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AssuranceLevel } from '../../db/schema/auth';
import { refreshTokens, sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

export async function insertSession(
  db: Database,
  values: { userId: string; userAgent: string | null; ip: string | null; aal: AssuranceLevel },
) {
  const [session] = await db.insert(sessions).values(values).returning();
  if (!session) throw new Error('insert into sessions returned no row');
  return session;
}

export async function insertRefreshToken(
  db: Database,
  values: { sessionId: string; tokenHash: string; parentId: string | null },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Spends a refresh token; false when another request spent it first. */
export async function spendRefreshToken(db: Database, tokenId: string): Promise<boolean> {
  const spent = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.id, tokenId),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return spent.length === 1;
}

export async function touchSession(
  db: Database,
  sessionId: string,
  ip: string | null,
): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()`, ip }).where(eq(sessions.id, sessionId));
}

/** The user's `token_version` (decision 023), or null when there is no such user. */
export async function tokenVersionOf(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId));
  return row?.version ?? null;
}

/**
 * Ends a session. A trigger (migration 0014) records it and tells every API process, whose
 * access-token checks refuse the session's tokens from then on (decision 023); the same holds for
 * every other way a session ends, a deleted row included.
 */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, now())` })
    .where(eq(sessions.id, sessionId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every live session of a user but `keepSessionId` (if given); returns how many. */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  for (const { id } of revoked) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.sessionId, id), isNull(refreshTokens.revokedAt)));
  }
  return revoked.length;
}

export function findSession(db: Database, sessionId: string) {
  return db.query.sessions.findFirst({ where: eq(sessions.id, sessionId) });
}

export function listLiveSessions(db: Database, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** The session passed a second factor: aal2 from now on, its refreshes included. */
export async function raiseSessionToAal2(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ aal: 'aal2' }).where(eq(sessions.id, sessionId));
}

/** Whether the account has ever been signed in from this address (its sessions, ended ones too). */
export async function hasSignedInFrom(db: Database, userId: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
    .limit(1);
  return row !== undefined;
}

/** Every session of the account, revoked ones too, newest first (its data export). */
export function listAllSessions(db: Database, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
}

/** Deletes every session of the account (its refresh tokens go with them). */
export async function deleteSessionsOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}
