import { describe, expect, it } from 'vitest';
import { hasAnyRole, homePathFor, primaryRole } from './roles';

describe('primaryRole', () => {
  it('follows the precedence admin, brand, creator, viewer', () => {
    expect(primaryRole(['viewer', 'creator'])).toBe('creator');
    expect(primaryRole(['creator', 'brand'])).toBe('brand');
    expect(primaryRole(['brand', 'admin', 'viewer'])).toBe('admin');
  });

  it('treats a user with no role as a viewer', () => {
    expect(primaryRole([])).toBe('viewer');
  });
});

describe('homePathFor', () => {
  it('sends each role to its own home', () => {
    expect(homePathFor(['admin'])).toBe('/admin');
    expect(homePathFor(['brand'])).toBe('/brand/dashboard');
    expect(homePathFor(['creator'])).toBe('/creator/home');
    expect(homePathFor(['viewer'])).toBe('/feed');
    expect(homePathFor([])).toBe('/feed');
  });
});

describe('hasAnyRole', () => {
  it('is true only when one of the held roles is allowed', () => {
    expect(hasAnyRole(['creator'], ['creator', 'admin'])).toBe(true);
    expect(hasAnyRole(['brand'], ['creator', 'admin'])).toBe(false);
    expect(hasAnyRole([], ['admin'])).toBe(false);
  });
});
