/**
 * Who owns an account (decision 022): sign-up answers "check your
 * inbox" and never a session; the mailed link signs in, and whoever opens it ends up the only one
 * with the account. An account whose address is not proven adds no second factor, passkey or
 * linked identity.
 */
import { z } from 'zod';
import { sessionSchema } from './auth-api';
import { passwordSchema, usernameSchema } from './validation';

export const OWNERSHIP_MESSAGES = {
  /** 403 on enrolling a factor, passkey, phone or identity before the address is proven. */
  verifyEmailFirst:
    'Verify your email address first: open the link we sent to your inbox, then come back to add this.',
  /**
   * 403 on anything an unproven session may not do yet (decision 022): all it may do is look after
   * its own sign-in and data.
   */
  unprovenSession:
    'Verify your email address first: open the link we sent to your inbox, then try again.',
  /** Sign-up's answer, the same whether or not the address already has an account. */
  checkInbox:
    'Check your inbox: we sent you a link to confirm your email address. Open it to finish signing up.',
  /** The verification link was opened in another browser than the sign-up's, or needs a password. */
  choosePassword:
    'Your email address is confirmed. Choose a password to finish: any password, sessions and sign-in methods set up on this account before are removed.',
} as const;

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
