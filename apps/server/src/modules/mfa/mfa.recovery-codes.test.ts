import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './mfa.recovery-codes';

describe('recovery codes', () => {
  it('are ten distinct xxxx-xxxx codes without look-alike letters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
  });

  it('match however they are typed', () => {
    const hash = hashRecoveryCode('7k2m-x90d');
    expect(hashRecoveryCode('7K2M X90D')).toBe(hash);
    expect(hashRecoveryCode('7k2mx9od')).toBe(hash);
    expect(normalizeRecoveryCode(' 1il1-0o00 ')).toBe('11110000');
  });

  it('are refused when they cannot be a code', () => {
    expect(normalizeRecoveryCode('7k2m-x90')).toBeNull();
    expect(normalizeRecoveryCode('7k2m-x90u')).toBeNull();
    expect(hashRecoveryCode('')).toBeNull();
  });
});
