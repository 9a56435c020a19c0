import { describe, expect, it } from 'vitest';
import { mayManageFactors, mayRemoveFactor } from './mfa.policy';

const aal1 = { aal: 'aal1' as const };
const aal2 = { aal: 'aal2' as const };

describe('mayManageFactors', () => {
  it('lets any session set up the first factor', () => {
    expect(mayManageFactors(aal1, false)).toBe(true);
  });

  it('takes aal2 once a factor is verified', () => {
    expect(mayManageFactors(aal1, true)).toBe(false);
    expect(mayManageFactors(aal2, true)).toBe(true);
  });
});

describe('mayRemoveFactor', () => {
  it('takes aal2 for a verified factor', () => {
    expect(mayRemoveFactor(aal1, { verifiedAt: new Date() })).toBe(false);
    expect(mayRemoveFactor(aal2, { verifiedAt: new Date() })).toBe(true);
  });

  it('lets any session drop an unfinished enrolment', () => {
    expect(mayRemoveFactor(aal1, { verifiedAt: null })).toBe(true);
  });
});
