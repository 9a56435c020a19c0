import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a link or a refresh token: 256 bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as this hash, so a leaked table cannot be replayed. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
