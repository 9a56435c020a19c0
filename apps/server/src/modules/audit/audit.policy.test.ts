import { describe, expect, it } from 'vitest';
import { ACTORS, expectations } from '../../../test/support/actors';
import { mayReadAuditLog } from './audit.policy';

describe('mayReadAuditLog', () => {
  it.each(expectations(['admin']))('%s: %s', (who, allowed) => {
    expect(mayReadAuditLog(ACTORS[who])).toBe(allowed);
  });
});
