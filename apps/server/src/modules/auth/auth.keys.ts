import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../../db/client';
import { signingKeys } from '../../db/schema';

export const ACCESS_TOKEN_ALGORITHM = 'ES256';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Every published public key, for /.well-known/jwks.json and for verifying. */
  publicJwks: JWK[];
}

/**
 * Loads the active signing key, creating it on first start. Two processes starting at once may both
 * generate one; the unique index on the active key lets one insert win and both then read it.
 */
export async function loadSigningKeys(db: Database): Promise<SigningKeys> {
  let rows = await db.select().from(signingKeys);
  if (!rows.some((row) => row.active)) {
    const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, {
      extractable: true,
    });
    const kid = randomUUID();
    await db
      .insert(signingKeys)
      .values({
        kid,
        publicJwk: {
          ...(await exportJWK(publicKey)),
          kid,
          alg: ACCESS_TOKEN_ALGORITHM,
          use: 'sig',
        },
        privateJwk: await exportJWK(privateKey),
        active: true,
      })
      .onConflictDoNothing();
    rows = await db.select().from(signingKeys);
  }
  const active = rows.find((row) => row.active);
  if (!active) throw new Error('no active signing key after creating one');
  const privateKey = await importJWK(active.privateJwk as JWK, ACCESS_TOKEN_ALGORITHM);
  if (privateKey instanceof Uint8Array) throw new Error('signing key is not an asymmetric key');
  return { kid: active.kid, privateKey, publicJwks: rows.map((row) => row.publicJwk as JWK) };
}

export async function retireSigningKey(db: Database, kid: string): Promise<void> {
  await db.update(signingKeys).set({ active: false }).where(eq(signingKeys.kid, kid));
}
