import { describe, expect, it } from 'vitest';
import { inviteDisplayStatus } from './statuses';

describe('inviteDisplayStatus', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const tomorrow = new Date('2026-06-02T12:00:00Z');
  const yesterday = new Date('2026-05-31T12:00:00Z');

  it('is Used once used, even if also expired', () => {
    expect(inviteDisplayStatus({ isUsed: true, expiresAt: yesterday }, now)).toBe('Used');
  });

  it('is Expired once the expiry has passed', () => {
    expect(inviteDisplayStatus({ isUsed: false, expiresAt: yesterday }, now)).toBe('Expired');
    expect(inviteDisplayStatus({ isUsed: false, expiresAt: now }, now)).toBe('Expired');
  });

  it('is Active while unused and unexpired', () => {
    expect(inviteDisplayStatus({ isUsed: false, expiresAt: tomorrow }, now)).toBe('Active');
  });
});
