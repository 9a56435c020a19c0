/**
 * Who owns an account (decision 022): sign-up answers "check your
 * inbox" and never a session; the mailed link signs in, and whoever opens it ends up the only one
 * with the account. An account whose address is not proven adds no second factor, passkey or
 * linked identity.
 */
import { z } from 'zod';
import { sessionSchema } from './auth-api';
import { passwordSchema, usernameSchema } from './validation';

// The texts live apart from the schemas (messages/ownership.ts), so a screen that shows only a
// message does not load zod with them.
export { OWNERSHIP_MESSAGES } from './messages/ownership';

/** POST /auth/signup: 202, one shape for a new address and for one that already has an account. */
export const signUpResponseSchema = z.object({ message: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/**
 * POST /auth/verify-email. `password` (and optionally a new `username`) is the "choose a password"
 * step, needed when the link is opened outside the browser that signed up.
 */
export const verifyEmailBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordSchema.optional(),
  username: usernameSchema.optional(),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/**
 * The answer of POST /auth/verify-email: a session (the link signed the prover in), or "choose a
 * password" (nothing spent yet: post again with `password`), or a message (an address proven before).
 */
export const verifyEmailResponseSchema = z.union([
  z.object({ session: sessionSchema }),
  z.object({
    passwordRequired: z.literal(true),
    email: z.string(),
    username: z.string(),
    message: z.string(),
  }),
  z.object({ message: z.string() }),
]);
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
