/** The access_requests table: who asked to join the beta (SPEC.md §3). */
import type { AccessRequestStatus } from '@adreel/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessRequests } from '../../db/schema/access';
import { accountDirectory as account, hasRoleSql } from '../auth/auth.directory';

export type AccessRequestRow = typeof accessRequests.$inferSelect;
export type NewAccessRequest = Pick<
  typeof accessRequests.$inferInsert,
  'name' | 'email' | 'role' | 'notes'
>;

export function countAccessRequests(db: Database): Promise<number> {
  return db.$count(accessRequests);
}

/** Inserts the request, or returns null when that address has asked before (its email is unique). */
export async function insertAccessRequest(
  db: Database,
  request: NewAccessRequest,
): Promise<AccessRequestRow | null> {
  const [row] = await db
    .insert(accessRequests)
    .values(request)
    .onConflictDoNothing({ target: accessRequests.email })
    .returning();
  return row ?? null;
}

export async function findAccessRequest(
  db: Database,
  id: string,
): Promise<AccessRequestRow | null> {
  const [row] = await db.select().from(accessRequests).where(eq(accessRequests.id, id));
  return row ?? null;
}

/** Newest first; every status when `status` is null. */
export function listAccessRequests(
  db: Database,
  status: AccessRequestStatus | null,
): Promise<AccessRequestRow[]> {
  return db
    .select()
    .from(accessRequests)
    .where(status ? eq(accessRequests.status, status) : undefined)
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id));
}

/** Records the decision on a request that is still pending; null when it was not pending. */
export async function decideAccessRequest(
  db: Database,
  id: string,
  decision: { status: Exclude<AccessRequestStatus, 'pending'>; decidedBy: string },
): Promise<AccessRequestRow | null> {
  const [row] = await db
    .update(accessRequests)
    .set({ status: decision.status, decidedBy: decision.decidedBy, decidedAt: new Date() })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

/**
 * The addresses of every admin who has not been deleted, to tell them of a new request (through
 * the auth module's read models: access does not import the accounts tables).
 */
export async function adminAddresses(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: account.email })
    .from(account)
    .where(and(hasRoleSql(account.userId, 'admin'), isNull(account.deletedAt)));
  return rows.map((row) => row.email);
}
