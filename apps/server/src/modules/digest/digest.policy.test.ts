import { describe, expect, it } from 'vitest';
import { ACTORS, expectations } from '../../../test/support/actors';
import { mayTestDigest } from './digest.policy';

describe('mayTestDigest', () => {
  it.each(expectations(['admin']))('%s: %s', (who, allowed) => {
    expect(mayTestDigest(ACTORS[who])).toBe(allowed);
  });
});
