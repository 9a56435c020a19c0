/**
 * What other modules ask the oidc module about an account's linked identities. The oidc module owns
 * identities and oidc_flows (db/schema/identities.ts); other modules call these, never oidc.queries.
 * Caller today: auth.ownership, when someone proves the address (decision 022).
 */
import type { Database } from '../../db/client';
import { deleteIdentity, deleteOpenFlowsOf, listIdentities } from './oidc.queries';

/**
 * Unlinks every identity of the account and ends its flows not yet exchanged: the takeover purge
 * when someone proves the address. Pass the proof's transaction.
 */
export async function dropAllIdentities(tx: Database, userId: string): Promise<void> {
  for (const identity of await listIdentities(tx, userId))
    await deleteIdentity(tx, userId, identity.id);
  await deleteOpenFlowsOf(tx, userId);
}
