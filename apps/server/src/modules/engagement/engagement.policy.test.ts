import { describe, expect, it } from 'vitest';
import { ACTORS, expectations } from '../../../test/support/actors';
import { mayEngage } from './engagement.policy';

describe('mayEngage', () => {
  it.each(expectations(['viewer', 'creator', 'brand', 'admin']))('%s: %s', (who, allowed) => {
    expect(mayEngage(ACTORS[who])).toBe(allowed);
  });
});
