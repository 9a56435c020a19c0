import { describe, expect, it } from 'vitest';
import { ACTORS, expectations } from '../../../test/support/actors';
import { mayRecomputeScores } from './ranking.policy';

describe('mayRecomputeScores', () => {
  it.each(expectations(['admin']))('%s: %s', (who, allowed) => {
    expect(mayRecomputeScores(ACTORS[who])).toBe(allowed);
  });
});
