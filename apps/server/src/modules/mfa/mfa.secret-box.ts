/**
 * TOTP secrets at rest. With ENCRYPTION_KEY they are sealed with AES-256-GCM (`v1:` + base64 of
 * iv, tag and ciphertext), bound to their owner so a sealed secret copied onto another user's row
 * does not open; without a key they are kept as `plain:` text. Both forms open, so setting a key
 * later needs no migration: new secrets are sealed, old ones still read.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PLAIN = 'plain:';
const V1 = 'v1:';
const ALGORITHM = 'aes-256-gcm';
/** NIST SP 800-38D: a 96-bit IV; a random one is safe far beyond the number of secrets we keep. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export function createSecretBox(key: Buffer | undefined) {
  if (key && key.length !== 32) throw new SecretBoxError('ENCRYPTION_KEY must be 32 bytes');
  const context = (owner: string) => Buffer.from(`mfa_factors.totp_secret:${owner}`, 'utf8');

  return {
    encrypts: key !== undefined,

    seal(secret: string, owner: string): string {
      if (!key) return `${PLAIN}${secret}`;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(context(owner));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${V1}${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
    },

    open(stored: string, owner: string): string {
      if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
      if (!stored.startsWith(V1)) throw new SecretBoxError('unknown secret format');
      if (!key) throw new SecretBoxError('an encrypted secret needs ENCRYPTION_KEY to be read');
      const bytes = Buffer.from(stored.slice(V1.length), 'base64');
      const iv = bytes.subarray(0, IV_BYTES);
      const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(context(owner));
      decipher.setAuthTag(tag);
      try {
        const ciphertext = bytes.subarray(IV_BYTES + TAG_BYTES);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('the secret does not open with this ENCRYPTION_KEY');
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
