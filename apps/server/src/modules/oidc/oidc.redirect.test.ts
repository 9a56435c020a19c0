import { describe, expect, it } from 'vitest';
import { safeRedirectPath, withParams } from './oidc.redirect';

const site = 'https://adreel.example';

describe('safeRedirectPath', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeRedirectPath('/auth/callback?next=%2Fcreator%2Fupload', site)).toBe(
      '/auth/callback?next=%2Fcreator%2Fupload',
    );
    expect(safeRedirectPath(`${site}/auth/callback`, site)).toBe('/auth/callback');
  });

  it.each([
    'https://evil.example/auth/callback',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'auth/callback',
    'https://adreel.example.evil.example/',
    'http://adreel.example/auth',
    '/auth\n/x',
    '',
  ])('refuses %j', (target) => {
    expect(safeRedirectPath(target, site)).toBeNull();
  });
});

describe('withParams', () => {
  it('adds parameters to a path that has some already', () => {
    expect(withParams('/auth/callback?next=%2Ffeed', { code: 'a b' })).toBe(
      '/auth/callback?next=%2Ffeed&code=a+b',
    );
  });
});
