import { AUTH_TEXTS } from '@adreel/domain';
import { z } from 'zod';

/**
 * A form's schema with the new password typed twice (reset, change, choose): `confirm` must match
 * `field`. A check of the form only (the server reads the password once); the rule of the password
 * itself stays the domain schema's. The mismatch shows beside any fault of the password.
 */
export function withConfirmation<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  field: keyof Shape & string,
) {
  return schema
    .extend({ confirm: z.string() })
    .refine((values: Record<string, unknown>) => values[field] === values.confirm, {
      path: ['confirm'],
      error: AUTH_TEXTS.passwordsMismatch,
      when: ({ value }) => {
        const values = value as Record<string, unknown> | null;
        return typeof values?.confirm === 'string' && typeof values[field] === 'string';
      },
    });
}
