import { ACCESS_REQUEST_STATUSES } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import { ACTORS, expectations } from '../../../test/support/actors';
import { canDecideAccessRequest, mayManageAccess } from './access.policy';

describe('mayManageAccess', () => {
  it.each(expectations(['admin']))('%s: %s', (who, allowed) => {
    expect(mayManageAccess(ACTORS[who])).toBe(allowed);
  });
});

describe('canDecideAccessRequest', () => {
  it.each(ACCESS_REQUEST_STATUSES)('a %s request', (status) => {
    expect(canDecideAccessRequest({ status })).toBe(status === 'pending');
  });
});
