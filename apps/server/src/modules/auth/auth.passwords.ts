import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id, the library's default algorithm, with its default cost (19 MiB, 2 passes: OWASP's
 * minimum). A test holds that the stored hash is `$argon2id$`.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. An account without a hash (or no account at all) is
 * checked against a dummy hash, so the answer takes as long and reveals nothing (OWASP ASVS 2.2).
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
