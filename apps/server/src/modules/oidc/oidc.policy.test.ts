import { describe, expect, it } from 'vitest';
import { ACTORS, EVERYONE } from '../../../test/support/actors';
import { ownsIdentity } from './oidc.policy';

describe('ownsIdentity', () => {
  it.each(EVERYONE)('%s: only an identity linked to their own account', (who) => {
    const actor = ACTORS[who];
    const own = { id: 'identity-1', userId: actor?.userId ?? 'nobody' };
    expect(ownsIdentity(actor, own)).toBe(actor !== null);
    expect(ownsIdentity(actor, { id: 'identity-2', userId: 'someone-else' })).toBe(false);
    expect(ownsIdentity(actor, null)).toBe(false);
    expect(ownsIdentity(actor, undefined)).toBe(false);
  });
});
