/**
 * SPEC.md §5's private-beta gate, as the auth and oidc modules ask it when an account is created or
 * its address is proven: is the address whitelisted, is the invite code live, spend the code. The
 * access module owns the whitelist and invites tables; other modules call these, never the queries.
 * Each takes the caller's handle: inside a transaction pass its `tx`, so the invite is spent (or
 * not) with the account it creates.
 */
import type { Role } from '@adreel/domain';
import type { Database } from '../../db/client';
import { consumeInvite, inviteIsLive } from './invites.queries';
import { findWhitelistEntry } from './whitelist.queries';

export interface GateEntry {
  roleAllowed: Role;
}

/** The whitelist entry for this address (the role it grants), if the address is listed. */
export async function whitelistEntryFor(
  db: Database,
  email: string,
): Promise<GateEntry | undefined> {
  const entry = await findWhitelistEntry(db, email);
  return entry ? { roleAllowed: entry.roleAllowed } : undefined;
}

/** Whether an unused, unexpired invite has this code; spendInvite is what uses it. */
export function isInviteLive(db: Database, code: string): Promise<boolean> {
  return inviteIsLive(db, code);
}

/**
 * Uses the invite for `userId` and returns its role, or null when no unused, unexpired invite has
 * the code. Of many sign-ups racing on one code exactly one gets the role. `userId` null spends it
 * for nobody: a sign-up with an address that already has an account uses its code up all the same,
 * so the code cannot tell which addresses have one.
 */
export function spendInvite(
  db: Database,
  code: string,
  userId: string | null,
): Promise<Role | null> {
  return consumeInvite(db, code, userId);
}
