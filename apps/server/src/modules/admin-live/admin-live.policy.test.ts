import { describe, expect, it } from 'vitest';
import { ACTORS, expectations } from '../../../test/support/actors';
import { mayWatchAdminCounts } from './admin-live.policy';

describe('mayWatchAdminCounts', () => {
  it.each(expectations(['admin']))('%s: %s', (who, allowed) => {
    expect(mayWatchAdminCounts(ACTORS[who])).toBe(allowed);
  });
});
