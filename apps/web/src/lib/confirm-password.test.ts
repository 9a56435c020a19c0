import { AUTH_TEXTS, passwordSchema } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withConfirmation } from './confirm-password';

const schema = withConfirmation(z.object({ password: passwordSchema }), 'password');
const messages = (input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('withConfirmation', () => {
  it('accepts the same password twice', () => {
    expect(schema.safeParse({ password: 'secret1', confirm: 'secret1' }).success).toBe(true);
  });

  it('says the two differ, at the second, beside what is wrong with the first', () => {
    expect(messages({ password: 'secret1', confirm: 'secret2' })).toEqual([
      ['confirm', AUTH_TEXTS.passwordsMismatch],
    ]);
    expect(messages({ password: '123', confirm: '' })).toEqual([
      ['password', 'Password must be at least 6 characters'],
      ['confirm', AUTH_TEXTS.passwordsMismatch],
    ]);
  });
});
