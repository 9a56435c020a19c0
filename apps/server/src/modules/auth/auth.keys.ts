import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../../db/client';
import { signingKeys } from '../../db/schema/auth';

export const ACCESS_TOKEN_ALGORITHM = 'ES256';

/**
 * How long a retired key stays published: longer than any token it signed can live (access tokens
 * 15 minutes, sign-in tickets 5) plus the time every process takes to notice a rotation.
 */
export const RETIRED_KEY_RETENTION_MS = 60 * 60 * 1000;

/** How often every API process reloads the keys, so a rotation reaches it (docs/operations.md). */
export const KEY_REFRESH_MS = 60_000;

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Every published public key, for /.well-known/jwks.json and for verifying. */
  publicJwks: JWK[];
}

async function newKeyRow(kid = randomUUID()) {
  const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, {
    extractable: true,
  });
  return {
    kid,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' },
    privateJwk: await exportJWK(privateKey),
    active: true,
  };
}

/**
 * Loads the active signing key, creating it on first start. Two processes starting at once may both
 * generate one; the unique index on the active key lets one insert win and both then read it.
 */
export async function loadSigningKeys(db: Database): Promise<SigningKeys> {
  let rows = await db.select().from(signingKeys);
  if (!rows.some((row) => row.active)) {
    await db
      .insert(signingKeys)
      .values(await newKeyRow())
      .onConflictDoNothing();
    rows = await db.select().from(signingKeys);
  }
  const active = rows.find((row) => row.active);
  if (!active) throw new Error('no active signing key after creating one');
  const privateKey = await importJWK(active.privateJwk as JWK, ACCESS_TOKEN_ALGORITHM);
  if (privateKey instanceof Uint8Array) throw new Error('signing key is not an asymmetric key');
  return { kid: active.kid, privateKey, publicJwks: rows.map((row) => row.publicJwk as JWK) };
}

export interface RotationResult {
  /** The key that signs from now on. */
  kid: string;
  /** The key it replaced; still published until RETIRED_KEY_RETENTION_MS has passed. */
  retiredKid: string | null;
  /** Keys retired long enough ago that no token they signed is still valid: deleted. */
  deletedKids: string[];
}

/**
 * Rotates the access-token signing key (docs/operations.md "Rotating the JWT signing key"): a new
 * key becomes the active one and the old one is retired but stays published, so tokens it signed
 * keep verifying until they expire; keys retired more than RETIRED_KEY_RETENTION_MS ago are deleted.
 * One transaction: a failed rotation leaves the old key active. Every API process picks the new key
 * up within KEY_REFRESH_MS, and at once when it meets a token signed with it.
 */
export async function rotateSigningKey(
  db: Database,
  options: {
    now?: Date;
    /**
     * The old key is compromised: delete it (and every retired key) at once, so nothing it signed
     * verifies once each process has reloaded. Signed-in people get a new access token from their
     * refresh token on their next request.
     */
    dropRetired?: boolean;
  } = {},
): Promise<RotationResult> {
  const now = options.now ?? new Date();
  const retention = RETIRED_KEY_RETENTION_MS / 1000;
  const fresh = await newKeyRow();
  return db.transaction(async (tx) => {
    const retired = await tx
      .update(signingKeys)
      .set({ active: false, retiredAt: now })
      .where(eq(signingKeys.active, true))
      .returning({ kid: signingKeys.kid });
    await tx.insert(signingKeys).values(fresh);
    const deleted = await tx
      .delete(signingKeys)
      .where(
        and(
          isNotNull(signingKeys.retiredAt),
          options.dropRetired
            ? undefined
            : lt(
                signingKeys.retiredAt,
                sql`${now.toISOString()}::timestamptz - make_interval(secs => ${retention})`,
              ),
        ),
      )
      .returning({ kid: signingKeys.kid });
    return {
      kid: fresh.kid,
      retiredKid: retired[0]?.kid ?? null,
      deletedKids: deleted.map((row) => row.kid),
    };
  });
}

/** The keys one process signs and verifies with, kept in step with the database. */
export interface KeyRing {
  current(): SigningKeys;
  /** Reloads now, or waits for the reload under way; at most one database read per `minGapMs`. */
  refresh(): Promise<void>;
  close(): void;
}

export interface KeyRingOptions {
  /** Reload this often, so a rotation reaches every process (0: never on a timer). */
  refreshMs: number;
  /** The least time between two reloads asked for by unknown key ids (forged tokens included). */
  minGapMs?: number;
}

export async function createKeyRing(db: Database, options: KeyRingOptions): Promise<KeyRing> {
  const minGapMs = options.minGapMs ?? 5_000;
  let keys = await loadSigningKeys(db);
  /** When a refresh() last went to the database (timer reloads do not count). */
  let lastAsked = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  const reload = () => {
    loading ??= loadSigningKeys(db)
      .then((loaded) => {
        keys = loaded;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  const timer =
    options.refreshMs > 0
      ? setInterval(() => {
          // A failed reload (database away) keeps the keys we have; the next tick tries again.
          reload().catch(() => {});
        }, options.refreshMs)
      : null;
  timer?.unref();

  return {
    current: () => keys,
    async refresh() {
      if (loading) return loading;
      if (Date.now() - lastAsked < minGapMs) return;
      lastAsked = Date.now();
      return reload();
    },
    close() {
      if (timer) clearInterval(timer);
    },
  };
}

/** A ring that never changes: for tests and tools that hold one set of keys. */
export function fixedKeyRing(keys: SigningKeys): KeyRing {
  return { current: () => keys, refresh: async () => {}, close: () => {} };
}
