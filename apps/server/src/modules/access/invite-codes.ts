import { randomInt } from 'node:crypto';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@adreel/domain';

/**
 * An invite code (SPEC.md §9: 8 characters from A–Z and 0–9). Holding one is the permission to sign
 * up, so each character comes from the operating system's cryptographic source, uniformly
 * (randomInt rejects the bias a modulo would add): 36^8 ≈ 2.8·10^12 codes.
 */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}
