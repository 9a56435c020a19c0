/**
 * Recovery codes: ten single-use codes like `7k2m-x9qd`, shown once and stored only as hashes.
 * Crockford's base32 alphabet (no i, l, o, u), so a code read aloud or copied by hand survives; 40
 * random bits each, which with the per-user rate limit leaves guessing hopeless, so a fast hash is
 * enough (as for refresh tokens).
 */
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@adreel/domain';
import { hashSecret } from '../auth/auth.secrets';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUP = 4;
const LENGTH = 2 * GROUP;

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
}

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * The code as stored, whatever the user typed: any case, with or without the hyphen or spaces, and
 * the letters Crockford's base32 reads as digits (o → 0, i and l → 1). Null when it cannot be one.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (code.length !== LENGTH) return null;
  for (const char of code) if (!ALPHABET.includes(char)) return null;
  return code;
}

export function hashRecoveryCode(code: string): string | null {
  const normalized = normalizeRecoveryCode(code);
  return normalized ? hashSecret(`recovery:${normalized}`) : null;
}
