import { describe, expect, it } from 'vitest';
import { ACTORS, EVERYONE } from '../../../test/support/actors';
import { FRESH_SIGN_IN_MS, isFreshSignIn, mayHandleAccountData } from './account-data.policy';

describe('mayHandleAccountData', () => {
  it.each(EVERYONE)("%s: their own account yes, another's no", (who) => {
    const actor = ACTORS[who];
    expect(mayHandleAccountData(actor, { userId: actor?.userId ?? 'nobody' })).toBe(actor !== null);
    expect(mayHandleAccountData(actor, { userId: 'someone-else' })).toBe(false);
  });
});

describe('isFreshSignIn', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (ms: number) => ({ createdAt: new Date(now.getTime() - ms) });

  it('takes a session opened within the window, to the millisecond', () => {
    expect(isFreshSignIn(ago(0), now)).toBe(true);
    expect(isFreshSignIn(ago(FRESH_SIGN_IN_MS), now)).toBe(true);
    expect(isFreshSignIn(ago(FRESH_SIGN_IN_MS + 1), now)).toBe(false);
  });

  it('refuses a missing session', () => {
    expect(isFreshSignIn(null, now)).toBe(false);
    expect(isFreshSignIn(undefined, now)).toBe(false);
  });
});
