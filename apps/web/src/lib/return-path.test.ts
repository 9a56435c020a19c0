import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns a path of this app from the router state', () => {
    expect(returnPath({ from: '/creator/upload?campaign=abc' })).toBe(
      '/creator/upload?campaign=abc',
    );
  });

  it.each([
    null,
    undefined,
    'from',
    {},
    { from: 42 },
    { from: 'https://evil.example/' },
    { from: '//evil.example/' },
    { from: 'javascript:alert(1)' },
  ])('ignores %j', (state) => {
    expect(returnPath(state)).toBeNull();
  });
});
