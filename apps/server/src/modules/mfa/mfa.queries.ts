/** Second factors, their challenges and recovery codes (db/schema/mfa.ts). */
import type { FactorType } from '@adreel/domain';
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { MfaChallengePurpose } from '../../db/schema/mfa';
import { mfaChallenges, mfaFactors, mfaRecoveryCodes } from '../../db/schema/mfa';
import type { StoredCredential } from './mfa.webauthn';

export type FactorRow = typeof mfaFactors.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

export function listFactors(db: Database, userId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
}

/** A factor by its id, whoever owns it: the caller asks mfa.policy's ownsFactor before using it. */
export async function findFactorById(db: Database, factorId: string): Promise<FactorRow | null> {
  const [row] = await db.select().from(mfaFactors).where(eq(mfaFactors.id, factorId)).limit(1);
  return row ?? null;
}

export async function findPasskey(db: Database, credentialId: string): Promise<FactorRow | null> {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(
      and(
        eq(mfaFactors.webauthnCredentialId, credentialId),
        eq(mfaFactors.factorType, 'webauthn'),
        isNotNull(mfaFactors.verifiedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export function verifiedFactors(
  db: Database,
  userId: string,
  factorType?: FactorType,
): Promise<FactorRow[]> {
  const conditions: SQL[] = [eq(mfaFactors.userId, userId), isNotNull(mfaFactors.verifiedAt)];
  if (factorType) conditions.push(eq(mfaFactors.factorType, factorType));
  return db
    .select()
    .from(mfaFactors)
    .where(and(...conditions))
    .orderBy(asc(mfaFactors.createdAt));
}

/** Whether the account has a second factor that sign-in asks for. */
export async function hasVerifiedFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.verifiedAt)))
    .limit(1);
  return row !== undefined;
}

export async function countFactors(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId));
  return row?.total ?? 0;
}

/** The account's verified passkeys (each one signs in on its own, without a password). */
export async function countVerifiedPasskeys(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.factorType, 'webauthn'),
        isNotNull(mfaFactors.verifiedAt),
      ),
    );
  return row?.total ?? 0;
}

/** Every challenge, recovery code and factor (passkeys and phones too) of the account. */
export async function deleteAllFactorsOf(db: Database, userId: string): Promise<void> {
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
}

/** Every factor of the account, verified or not, in no particular order (its data export). */
export function factorsOf(db: Database, userId: string) {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
}

/** The numbers of the account's phone factors, verified or not. */
export async function phonesOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ phone: mfaFactors.phone })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.phone)));
  return rows.flatMap((row) => (row.phone ? [row.phone] : []));
}

/** An enrolment started again replaces the unfinished one of the same type. */
export async function deleteUnverifiedFactors(
  db: Database,
  userId: string,
  factorType: FactorType,
): Promise<void> {
  await db
    .delete(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.factorType, factorType),
        isNull(mfaFactors.verifiedAt),
      ),
    );
}

export async function insertFactor(
  db: Database,
  values: typeof mfaFactors.$inferInsert,
): Promise<FactorRow> {
  const [row] = await db.insert(mfaFactors).values(values).returning();
  if (!row) throw new Error('insert into mfa_factors returned no row');
  return row;
}

/** Marks the factor used now, and verified if it was not yet. */
export async function markFactorUsed(db: Database, factorId: string): Promise<void> {
  await db
    .update(mfaFactors)
    .set({ lastUsedAt: sql`now()`, verifiedAt: sql`coalesce(${mfaFactors.verifiedAt}, now())` })
    .where(eq(mfaFactors.id, factorId));
}

/**
 * Records the time step of an accepted TOTP code; false when that step (or a later one) was
 * already used. One statement, so two requests racing with one code cannot both pass.
 */
export async function acceptTotpStep(
  db: Database,
  factorId: string,
  timeStep: number,
): Promise<boolean> {
  const updated = await db
    .update(mfaFactors)
    .set({ totpLastTimeStep: timeStep })
    .where(
      and(
        eq(mfaFactors.id, factorId),
        or(isNull(mfaFactors.totpLastTimeStep), lt(mfaFactors.totpLastTimeStep, timeStep)),
      ),
    )
    .returning({ id: mfaFactors.id });
  return updated.length === 1;
}

/**
 * Stores the authenticator's new signature counter; false when it did not grow (WebAuthn §6.1.1:
 * a cloned authenticator), unless the authenticator keeps no counter at all (always 0).
 */
export async function advanceSignCount(
  db: Database,
  factorId: string,
  signCount: number,
): Promise<boolean> {
  const grew =
    signCount === 0
      ? eq(mfaFactors.webauthnSignCount, 0)
      : lt(mfaFactors.webauthnSignCount, signCount);
  const updated = await db
    .update(mfaFactors)
    .set({ webauthnSignCount: signCount })
    .where(and(eq(mfaFactors.id, factorId), grew))
    .returning({ id: mfaFactors.id });
  return updated.length === 1;
}

export async function saveCredential(
  db: Database,
  factorId: string,
  credential: StoredCredential,
): Promise<void> {
  await db
    .update(mfaFactors)
    .set({
      webauthnCredentialId: credential.credentialId,
      webauthnPublicKey: credential.publicKey,
      webauthnSignCount: credential.signCount,
      webauthnTransports: credential.transports,
    })
    .where(eq(mfaFactors.id, factorId));
}

export async function deleteFactor(db: Database, factorId: string): Promise<void> {
  await db.delete(mfaFactors).where(eq(mfaFactors.id, factorId));
}

export async function insertChallenge(
  db: Database,
  values: {
    purpose: MfaChallengePurpose;
    factorId?: string | null;
    userId?: string | null;
    webauthnChallenge?: string | null;
    codeHash?: string | null;
    ip: string | null;
    expiresAt: Date;
  },
): Promise<ChallengeRow> {
  // Expired challenges are worthless; each new one sweeps them away (an index keeps it cheap).
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, sql`now()`));
  const [row] = await db.insert(mfaChallenges).values(values).returning();
  if (!row) throw new Error('insert into mfa_challenges returned no row');
  return row;
}

export interface ChallengeLookup {
  purpose: MfaChallengePurpose;
  id?: string | undefined;
  factorId?: string | undefined;
  userId?: string | undefined;
  webauthnChallenge?: string | undefined;
}

/** Spends a live challenge that matches; null when there is none (or it was spent first). */
export async function consumeChallenge(
  db: Database,
  lookup: ChallengeLookup,
): Promise<ChallengeRow | null> {
  const conditions: SQL[] = [
    eq(mfaChallenges.purpose, lookup.purpose),
    isNull(mfaChallenges.verifiedAt),
    gt(mfaChallenges.expiresAt, sql`now()`),
  ];
  if (lookup.id) conditions.push(eq(mfaChallenges.id, lookup.id));
  if (lookup.factorId) conditions.push(eq(mfaChallenges.factorId, lookup.factorId));
  if (lookup.userId) conditions.push(eq(mfaChallenges.userId, lookup.userId));
  if (lookup.webauthnChallenge)
    conditions.push(eq(mfaChallenges.webauthnChallenge, lookup.webauthnChallenge));
  const [row] = await db
    .update(mfaChallenges)
    .set({ verifiedAt: sql`now()` })
    .where(and(...conditions))
    .returning();
  return row ?? null;
}

export async function replaceRecoveryCodes(
  db: Database,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code; false when it is wrong or already spent. */
export async function consumeRecoveryCode(
  db: Database,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const spent = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return spent.length === 1;
}

export async function deleteRecoveryCodes(db: Database, userId: string): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/** The newest live phone challenge of a factor (or the one named): the code to check against. */
export async function livePhoneChallenge(
  db: Database,
  factorId: string,
  id?: string,
): Promise<ChallengeRow | null> {
  const conditions: SQL[] = [
    eq(mfaChallenges.purpose, 'phone'),
    eq(mfaChallenges.factorId, factorId),
    isNull(mfaChallenges.verifiedAt),
    gt(mfaChallenges.expiresAt, sql`now()`),
  ];
  if (id) conditions.push(eq(mfaChallenges.id, id));
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(...conditions))
    .orderBy(sql`${mfaChallenges.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/** Counts a wrong code against the challenge; at `max` wrong codes the challenge is spent. */
export async function countWrongPhoneCode(
  db: Database,
  challengeId: string,
  max: number,
): Promise<number> {
  const [row] = await db
    .update(mfaChallenges)
    .set({
      attempts: sql`${mfaChallenges.attempts} + 1`,
      verifiedAt: sql`case when ${mfaChallenges.attempts} + 1 >= ${max} then now() else ${mfaChallenges.verifiedAt} end`,
    })
    .where(eq(mfaChallenges.id, challengeId))
    .returning({ attempts: mfaChallenges.attempts });
  return row?.attempts ?? max;
}

/** Spends the challenge if the code is its code: each texted code works once. */
export async function spendPhoneChallenge(
  db: Database,
  challengeId: string,
  codeHash: string,
): Promise<boolean> {
  const spent = await db
    .update(mfaChallenges)
    .set({ verifiedAt: sql`now()` })
    .where(
      and(
        eq(mfaChallenges.id, challengeId),
        eq(mfaChallenges.codeHash, codeHash),
        isNull(mfaChallenges.verifiedAt),
        gt(mfaChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: mfaChallenges.id });
  return spent.length === 1;
}
