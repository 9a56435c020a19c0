/**
 * A text a user reads is written once, in packages/domain, and server and web import it
 * (apps/server/test/conventions/messages-once.test.ts fails on a text typed in two files). An
 * area's texts are in messages/<area>.ts (no zod there, so a screen that shows only a message does
 * not load the schemas), exported here, or still beside its schemas as the *_MESSAGES of its
 * *-api.ts (CAMPAIGN_MESSAGES, AUDIT_MESSAGES, DIGEST_MESSAGES, ...) and feed-messages.ts.
 */
export * from './messages/auth';
export * from './messages/campaigns';
export * from './messages/identity';
export * from './messages/mail';
export * from './messages/mfa';
export * from './messages/ownership';
export * from './messages/screens';
export * from './messages/session';
export * from './messages/upload';
export * from './messages/validation';
export * from './messages/videos';

/**
 * docs/product.md §8's texts that both the server and the web app show. `{brand}` is filled by withBrand.
 */
export const MESSAGES = {
  privateBeta: '{brand} is in private beta. Request access at /join or use an invite code.',
  signInFailed: 'Error signing in',
  invalidCredentials: 'Invalid email or password',
  signUpFailed: 'Error creating account',
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created! Redirecting...',
  joinThanks:
    "Thank you for joining {brand} Beta! We'll contact you soon with your access details.",
  joinFailed: 'Error submitting request',
  usernameTaken: 'That username is taken. Please choose another.',
  /** A handle that reads as one already held; `{handle}` names that one. */
  usernameTooClose: 'That username is too close to @{handle}. Please choose another.',
  emailTaken: 'An account with this email already exists. Sign in instead, or reset your password.',
  recoverSent: "If an account exists for that email, we've sent a link to reset the password.",
  passwordReset: 'Your password has been changed. Please sign in with the new one.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  emailVerified: 'Your email is verified. Thank you!',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Please ask for a new one.',
  verificationSent: 'We sent you a new verification link.',
  wrongCurrentPassword: 'Your current password is not correct',
  signInThrottled: 'Too many sign-in attempts. Try again in {wait}.',
} as const;

/** How long to wait, as a person reads it: "1 second", "40 seconds", "2 minutes" (rounded up). */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? '1 second' : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The 429 of a throttled sign-in, with the real wait (its Retry-After, in seconds). */
export function signInThrottledMessage(retryAfterSeconds: number): string {
  return MESSAGES.signInThrottled.replace('{wait}', waitText(retryAfterSeconds));
}
