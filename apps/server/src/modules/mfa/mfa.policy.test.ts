import { describe, expect, it } from 'vitest';
import { ACTORS, EVERYONE } from '../../../test/support/actors';
import { mayManageFactors, mayRemoveFactor, ownsFactor } from './mfa.policy';

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

describe('ownsFactor', () => {
  it.each(EVERYONE)('%s: only a factor of their own account', (who) => {
    const actor = ACTORS[who];
    const own = { id: 'factor-1', userId: actor?.userId ?? 'nobody' };
    expect(ownsFactor(actor, own)).toBe(actor !== null);
    expect(ownsFactor(actor, { id: 'factor-2', userId: 'someone-else' })).toBe(false);
    expect(ownsFactor(actor, null)).toBe(false);
    expect(ownsFactor(actor, undefined)).toBe(false);
  });

  it('holds for the account a sign-in ticket names, before any session exists', () => {
    expect(ownsFactor({ userId: 'ticket-user' }, { userId: 'ticket-user' })).toBe(true);
    expect(ownsFactor({ userId: 'ticket-user' }, { userId: 'someone-else' })).toBe(false);
  });
});
