/**
 * Sign-in through an OpenID Connect provider and the identities linked to an account (issue 7;
 * SPEC.md §7: GET /authorize with provider, redirect_to, scopes and a code challenge;
 * DELETE /user/identities/{identity_id}). Query names keep SPEC.md's snake_case.
 */
import { z } from 'zod';
import { INVITE_CODE_INPUT_MAX } from './constants';
import { MFA_MESSAGES } from './mfa-api';
import { passwordSchema } from './validation';

export const IDENTITY_MESSAGES = {
  unknownProvider: 'This sign-in provider is not available.',
  badRedirect: 'redirect_to must be a path on this site.',
  codeChallengeRequired: 'A code_challenge (S256) is required.',
  signInFailed: 'Signing in with your provider did not work. Please try again.',
  flowExpired: 'Your sign-in took too long or was already used. Please start again.',
  emailNotVerified:
    'Your provider did not confirm your email address. Confirm it there, then try again.',
  /** Neither the ID token nor UserInfo carried an email address (the scope was refused at the provider). */
  emailMissing:
    'Your provider did not share your email address with us. Allow it there, then try again.',
  /** The provider's answer at the callback was `error=access_denied`: the person said no. */
  cancelled: 'You cancelled signing in with {provider}. Nothing was changed.',
  /** Any other error the provider sent back instead of a code. */
  providerRefused: '{provider} refused the sign-in. Please try again, or sign in another way.',
  /**
   * A provider sign-in whose address belongs to an account that has not linked it (never linked, or
   * unlinked since): we never link by email to a proven account (decision 026).
   */
  linkFromAccount:
    'An account with this email already exists. Sign in with your password or passkey, then link {provider} on your account page.',
  /** Linking from /account: that provider account belongs to another of our accounts. */
  linkedElsewhere: 'This {provider} account is already linked to another account.',
  /** Linking from /account came back to a browser that did not start it, or too late. */
  linkExpired:
    'Linking took too long or was started elsewhere. Please start again from your account page.',
  linked: '{provider} is linked. You can now sign in with it.',
  linkRecentSignInRequired: 'For your security, sign in again before linking a provider.',
  /** Linking from /account needs the second factor passed when the account has one. */
  linkAal2Required: MFA_MESSAGES.aal2Required,
  providerUnavailable: 'The sign-in provider could not be reached. Please try again later.',
  lastSignInMethod:
    'This is your only way to sign in. Set a password or add a passkey before unlinking it.',
  lastPasskey: 'This passkey is your only way to sign in. Set a password before removing it.',
  identityNotFound: 'Linked identity not found',
  passwordAlreadySet: 'You already have a password. Change it with your current one.',
  recentSignInRequired: 'For your security, sign in again before setting a password.',
  passwordSet: 'Your password is set. You can now sign in with it too.',
  identityUnlinked: 'Unlinked',
} as const;

/** A message above with the provider's display name in it. */
export function withProvider(message: string, providerName: string): string {
  // A replacer function: `$&` or `$'` in a configured name are text, never patterns.
  return message.replaceAll('{provider}', () => providerName);
}

/** POST /user/identities/link: which provider to link to the signed-in account. */
export const linkIdentityBodySchema = z.object({
  provider: z.string({ error: IDENTITY_MESSAGES.unknownProvider }).max(32),
});
/** Where to send the browser: the provider's authorization URL. */
export const linkIdentityResponseSchema = z.object({ url: z.string() });

/** A configured provider as the sign-in screen shows it. */
export const authProviderSchema = z.object({ id: z.string(), name: z.string() });
export type AuthProvider = z.infer<typeof authProviderSchema>;
export const authProvidersResponseSchema = z.object({ providers: z.array(authProviderSchema) });

/** RFC 7636 §4.2: base64url of a SHA-256, 43 characters. */
const codeChallengeSchema = z
  .string({ error: IDENTITY_MESSAGES.codeChallengeRequired })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: IDENTITY_MESSAGES.codeChallengeRequired });

/** RFC 6749 §3.3 scope tokens, space-separated. */
const scopesSchema = z
  .string()
  .max(500)
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, {
    error: 'scopes must be space-separated scope names',
  });

export const authorizeQuerySchema = z.object({
  provider: z.string({ error: IDENTITY_MESSAGES.unknownProvider }).max(32),
  redirect_to: z.string({ error: IDENTITY_MESSAGES.badRedirect }).max(2000),
  scopes: scopesSchema.optional(),
  code_challenge: codeChallengeSchema,
  code_challenge_method: z
    .enum(['S256', 's256'], { error: 'code_challenge_method must be S256' })
    .default('S256'),
  /** For a first sign-in of an address that is not whitelisted (SPEC.md §5 gate). */
  invite_code: z.string().trim().toUpperCase().max(INVITE_CODE_INPUT_MAX).optional(),
});
export type AuthorizeQuery = z.infer<typeof authorizeQuerySchema>;

/** POST /auth/token?grant_type=pkce: the one-time code from redirect_to and the client's verifier. */
export const pkceExchangeBodySchema = z.object({
  auth_code: z.string({ error: IDENTITY_MESSAGES.flowExpired }).min(1).max(200),
  /** RFC 7636 §4.1: 43 to 128 unreserved characters. */
  code_verifier: z
    .string({ error: IDENTITY_MESSAGES.flowExpired })
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, { error: IDENTITY_MESSAGES.flowExpired }),
});

export const identitySchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  /** The provider's display name, or its id if it is no longer configured. */
  providerName: z.string(),
  email: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Identity = z.infer<typeof identitySchema>;

/** The caller's ways to sign in, for /account (passkeys are listed with the factors). */
export const signInMethodsSchema = z.object({
  hasPassword: z.boolean(),
  identities: z.array(identitySchema),
  passkeys: z.number().int(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** A first password for an account that signed up through a provider. */
export const setPasswordBodySchema = z.object({ newPassword: passwordSchema });
