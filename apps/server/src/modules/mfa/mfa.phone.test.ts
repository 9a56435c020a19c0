import { describe, expect, it } from 'vitest';
import { hashPhoneCode, newPhoneCode, normalizePhone, phoneHint } from './mfa.phone';

describe('normalizePhone', () => {
  it('accepts international numbers as people type them and gives E.164', () => {
    expect(normalizePhone('+44 7911 123456')).toBe('+447911123456');
    expect(normalizePhone('+1 (415) 555-2671')).toBe('+14155552671');
    expect(normalizePhone(' +39 312 345 6789 ')).toBe('+393123456789');
  });

  it.each(['07911 123456', '+44 12', '+999 123456789', 'call me', '+'])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('phone codes', () => {
  it('are six digits', () => {
    for (let i = 0; i < 50; i += 1) expect(newPhoneCode()).toMatch(/^\d{6}$/);
  });

  it('hash differently per factor', () => {
    expect(hashPhoneCode('a', '123456')).not.toBe(hashPhoneCode('b', '123456'));
  });

  it('hide all but the last four digits', () => {
    expect(phoneHint('+447700900123')).toBe('+••••••••0123');
  });
});
