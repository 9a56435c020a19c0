import { ACCESS_REQUEST_STATUSES } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import { canDecideAccessRequest } from './access.policy';

describe('canDecideAccessRequest', () => {
  it.each(ACCESS_REQUEST_STATUSES)('a %s request', (status) => {
    expect(canDecideAccessRequest({ status })).toBe(status === 'pending');
  });
});
