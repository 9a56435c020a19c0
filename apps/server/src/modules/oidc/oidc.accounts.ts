/**
 * What other modules ask the oidc module about an account's linked identities. The oidc module owns
 * identities and oidc_flows (db/schema/identities.ts); other modules call these, never oidc.queries.
 * Callers today: auth.ownership, when someone proves the address (decision 022); account-data, for
 * an account's own data export and deletion.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { identities, oidcFlows } from '../../db/schema/identities';
import { deleteIdentity, deleteOpenFlowsOf, listIdentities } from './oidc.queries';

/**
 * Unlinks every identity of the account and ends its flows not yet exchanged: the takeover purge
 * when someone proves the address. Pass the proof's transaction.
 */
export async function dropAllIdentities(tx: Database, userId: string): Promise<void> {
  for (const identity of await listIdentities(tx, userId)) await deleteIdentity(tx, identity.id);
  await deleteOpenFlowsOf(tx, userId);
}

/**
 * Deletes every identity and every flow (open or not) of the account: its own deletion
 * (account-data anonymiseAccount). Pass the deletion's transaction.
 */
export async function deleteAccountIdentities(tx: Database, userId: string): Promise<void> {
  await tx.delete(identities).where(eq(identities.userId, userId));
  await tx.delete(oidcFlows).where(eq(oidcFlows.userId, userId));
}

/** The account's linked identities, in no particular order (its data export). */
export function exportIdentities(db: Database, userId: string) {
  return db.select().from(identities).where(eq(identities.userId, userId));
}
