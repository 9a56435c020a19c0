import { describe, expect, it } from 'vitest';
import { ACTORS, EVERYONE } from '../../../test/support/actors';
import { ownsLiveSession } from './auth.policy';

describe('ownsLiveSession', () => {
  it.each(EVERYONE)('%s: only a live session of their own', (who) => {
    const actor = ACTORS[who];
    const own = { userId: actor?.userId ?? 'nobody', revokedAt: null };
    expect(ownsLiveSession(actor, own)).toBe(actor !== null);
    expect(ownsLiveSession(actor, { ...own, revokedAt: new Date(0) })).toBe(false);
    expect(ownsLiveSession(actor, { userId: 'someone-else', revokedAt: null })).toBe(false);
    expect(ownsLiveSession(actor, null)).toBe(false);
    expect(ownsLiveSession(actor, undefined)).toBe(false);
  });
});
