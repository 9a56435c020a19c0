import { describe, expect, it } from 'vitest';
import { ACTORS, expectations } from '../../../test/support/actors';
import { mayReadMailBody, mayReadOutbox } from './admin.policy';

describe('mayReadOutbox', () => {
  it.each(expectations(['admin']))('%s: %s', (who, allowed) => {
    expect(mayReadOutbox(ACTORS[who])).toBe(allowed);
  });
});

describe('mayReadMailBody', () => {
  it.each([
    [false, false, true],
    [false, true, true],
    [true, true, true],
    [true, false, false],
  ])('carries a secret %s, secrets shown %s: %s', (carriesSecret, secretsShown, shown) => {
    expect(mayReadMailBody({ carriesSecret }, secretsShown)).toBe(shown);
  });
});
