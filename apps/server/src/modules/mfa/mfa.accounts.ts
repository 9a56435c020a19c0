/**
 * What other modules ask the mfa module about an account's second factors and passkeys: sign-in
 * (auth, oidc) whether to ask for a factor, the sign-in methods count (oidc), the proof of an
 * address (auth.ownership) to drop what a squatter set up, the account's own data export and
 * deletion (account-data). The mfa module owns the mfa_* tables;
 * other modules call these, never mfa.queries. Each takes the caller's handle: inside a
 * transaction pass its `tx`.
 */
import type { FactorType } from '@adreel/domain';
import type { Database } from '../../db/client';
import { deleteTextsTo } from './mfa.phone';
import {
  countVerifiedPasskeys,
  deleteAllFactorsOf,
  factorsOf,
  hasVerifiedFactor,
  phonesOf,
  verifiedFactors,
} from './mfa.queries';

/** A verified factor as a sign-in's MFA step lists it. */
export interface FactorSummary {
  id: string;
  factorType: FactorType;
  friendlyName: string | null;
}

/** Whether sign-in asks this account for a second factor. */
export function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  return hasVerifiedFactor(db, userId);
}

/** The factors a sign-in may complete with, oldest first. */
export async function secondFactorsOf(db: Database, userId: string): Promise<FactorSummary[]> {
  const rows = await verifiedFactors(db, userId);
  return rows.map(({ id, factorType, friendlyName }) => ({ id, factorType, friendlyName }));
}

/** How many verified passkeys the account has (each is a way to sign in). */
export function passkeyCount(db: Database, userId: string): Promise<number> {
  return countVerifiedPasskeys(db, userId);
}

/**
 * Deletes every factor, passkey, phone, recovery code and challenge of the account: the takeover
 * purge when someone proves the address (auth.ownership claimAccountByProof, decision 022).
 */
export function dropAllFactors(tx: Database, userId: string): Promise<void> {
  return deleteAllFactorsOf(tx, userId);
}

/**
 * Deletes the texts kept in the outbox for the account's phone factors (mfa.phone's outbox
 * sender): its own deletion, before its factors go. Pass the deletion's transaction.
 */
export async function deleteAccountTexts(tx: Database, userId: string): Promise<void> {
  await deleteTextsTo(tx, await phonesOf(tx, userId));
}

/**
 * The account's factors for its data export, in no particular order: what each factor is, never
 * its secrets (TOTP seeds, public keys).
 */
export async function exportFactors(db: Database, userId: string) {
  const rows = await factorsOf(db, userId);
  return rows.map((factor) => ({
    id: factor.id,
    factorType: factor.factorType,
    friendlyName: factor.friendlyName,
    phone: factor.phone,
    verifiedAt: factor.verifiedAt,
    lastUsedAt: factor.lastUsedAt,
    createdAt: factor.createdAt,
  }));
}
