/**
 * Sign-in through an OpenID Connect provider and the identities linked to an account
 * (docs/product.md §7: GET /authorize with provider, redirect_to, scopes and a code challenge;
 * DELETE /user/identities/{identity_id}). Query names keep docs/product.md's snake_case.
 */
import { z } from 'zod';
import { INVITE_CODE_INPUT_MAX } from './constants';
import { IDENTITY_MESSAGES } from './messages/identity';
import { passwordSchema } from './validation';

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
  /** For a first sign-in of an address that is not whitelisted (docs/product.md §5 gate). */
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
