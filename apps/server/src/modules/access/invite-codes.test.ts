import { INVITE_CODE_ALPHABET, INVITE_CODE_PATTERN } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import { generateInviteCode } from './invite-codes';

describe('generateInviteCode', () => {
  it('draws 8 characters from A–Z and 0–9, every one of them in use', () => {
    const codes = Array.from({ length: 2000 }, generateInviteCode);
    for (const code of codes) expect(code).toMatch(INVITE_CODE_PATTERN);
    const seen = new Set(codes.join(''));
    expect([...seen].sort().join('')).toBe([...INVITE_CODE_ALPHABET].sort().join(''));
    expect(new Set(codes).size).toBe(codes.length);
  });
});
