/** The OIDC module's SQL: sign-ins in flight and linked identities (db/schema/identities.ts). */
import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { identities, oidcFlows } from '../../db/schema/identities';

export type FlowRow = typeof oidcFlows.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;

export async function insertFlow(
  db: Database,
  values: typeof oidcFlows.$inferInsert,
): Promise<void> {
  // Flows older than their expiry are worthless; each new one sweeps them away (indexed).
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, sql`now()`));
  await db.insert(oidcFlows).values(values);
}

/**
 * Spends the state of a live flow: the provider's answer is accepted once. Null when the state is
 * unknown, expired or was already answered (a replayed callback).
 */
export async function spendState(db: Database, stateHash: string): Promise<FlowRow | null> {
  const [row] = await db
    .update(oidcFlows)
    .set({ callbackAt: sql`now()` })
    .where(
      and(
        eq(oidcFlows.stateHash, stateHash),
        isNull(oidcFlows.callbackAt),
        gt(oidcFlows.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function attachCode(
  db: Database,
  flowId: string,
  userId: string,
  authCodeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .update(oidcFlows)
    .set({ userId, authCodeHash, expiresAt })
    .where(eq(oidcFlows.id, flowId));
}

/** Spends the one-time code of a live flow; null when unknown, expired or already exchanged. */
export async function spendCode(db: Database, authCodeHash: string): Promise<FlowRow | null> {
  const [row] = await db
    .update(oidcFlows)
    .set({ exchangedAt: sql`now()` })
    .where(
      and(
        eq(oidcFlows.authCodeHash, authCodeHash),
        isNull(oidcFlows.exchangedAt),
        gt(oidcFlows.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findIdentity(
  db: Database,
  provider: string,
  subject: string,
): Promise<IdentityRow | null> {
  const [row] = await db
    .select()
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function insertIdentity(
  db: Database,
  values: { userId: string; provider: string; subject: string; email: string | null },
): Promise<void> {
  await db.insert(identities).values({ ...values, lastSignInAt: new Date() });
}

/** A sign-in with the identity; the address it gave now, if it gave one. */
export async function touchIdentity(db: Database, id: string, email: string | null): Promise<void> {
  await db
    .update(identities)
    .set({ ...(email ? { email } : {}), lastSignInAt: sql`now()` })
    .where(eq(identities.id, id));
}

export function listIdentities(db: Database, userId: string): Promise<IdentityRow[]> {
  return db
    .select()
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(asc(identities.createdAt), asc(identities.id));
}

/** An identity by its id, whoever it is linked to: ask oidc.policy's ownsIdentity before using it. */
export async function findIdentityById(db: Database, id: string): Promise<IdentityRow | null> {
  const [row] = await db.select().from(identities).where(eq(identities.id, id)).limit(1);
  return row ?? null;
}

export async function deleteIdentity(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .delete(identities)
    .where(eq(identities.id, id))
    .returning({ id: identities.id });
  return deleted.length === 1;
}

/** How many provider identities are linked to the account. */
export async function countIdentities(db: Database, userId: string): Promise<number> {
  const [linked] = await db
    .select({ total: count() })
    .from(identities)
    .where(eq(identities.userId, userId));
  return linked?.total ?? 0;
}

/** Ends the account's flows that have not been exchanged yet (a started link can no longer land). */
export async function deleteOpenFlowsOf(db: Database, userId: string): Promise<void> {
  await db
    .delete(oidcFlows)
    .where(and(eq(oidcFlows.userId, userId), isNull(oidcFlows.exchangedAt)));
}
