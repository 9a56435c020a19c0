import { describe, expect, it } from 'vitest';
import {
  accessRequestSchema,
  firstIssueMessage,
  signInSchema,
  signUpSchema,
  uploadDetailsSchema,
} from './validation';

function messageOf(result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }) {
  return result.success || !result.error ? null : firstIssueMessage(result.error);
}

describe('signInSchema', () => {
  it.each([
    [{ email: 'nope', password: 'x' }, 'Invalid email address'],
    [
      { email: `${'a'.repeat(250)}@x.com`, password: 'x' },
      'Email must be less than 255 characters',
    ],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
    [{ email: 'a@b.co', password: 'p'.repeat(129) }, 'Password must be less than 128 characters'],
  ])('rejects %j with the message docs/product.md §5 names', (input, message) => {
    expect(messageOf(signInSchema.safeParse(input))).toBe(message);
  });

  it('trims the email', () => {
    expect(signInSchema.parse({ email: '  a@b.co ', password: 'x' }).email).toBe('a@b.co');
  });
});

describe('signUpSchema', () => {
  const valid = { username: 'maria', email: 'm@x.io', password: 'secret', role: 'creator' };

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'u'.repeat(51) }, 'Username must be less than 50 characters'],
    [{ displayName: 'd'.repeat(101) }, 'Display name must be less than 100 characters'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ inviteCode: 'C'.repeat(51) }, 'Invite code must be less than 50 characters'],
    [{ role: 'admin' }, 'Invalid role'],
  ])('rejects %j with the message docs/product.md §5 names', (override, message) => {
    expect(messageOf(signUpSchema.safeParse({ ...valid, ...override }))).toBe(message);
  });

  it('upper-cases the invite code', () => {
    expect(signUpSchema.parse({ ...valid, inviteCode: 'ab12cd34' }).inviteCode).toBe('AB12CD34');
  });
});

describe('accessRequestSchema', () => {
  it('requires a name and caps the notes', () => {
    const base = { name: 'Ana', email: 'a@b.co', role: 'brand' };
    expect(messageOf(accessRequestSchema.safeParse({ ...base, name: '  ' }))).toBe(
      'Name is required',
    );
    expect(messageOf(accessRequestSchema.safeParse({ ...base, notes: 'n'.repeat(1001) }))).toBe(
      'Notes must be less than 1000 characters',
    );
    expect(accessRequestSchema.safeParse(base).success).toBe(true);
  });
});

describe('uploadDetailsSchema', () => {
  it('requires a title and a UUID campaign id', () => {
    expect(messageOf(uploadDetailsSchema.safeParse({ title: '' }))).toBe('Title is required');
    expect(messageOf(uploadDetailsSchema.safeParse({ title: 'Ad', campaignId: 'x' }))).toBe(
      'Invalid campaign ID',
    );
  });
});
