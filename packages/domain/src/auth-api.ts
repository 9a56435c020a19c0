/**
 * The accounts API: sessions in docs/product.md §3's shape, and the bodies of the auth routes.
 * Field names of the session follow docs/product.md (access_token, expires_at…); the rest is camelCase.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages/validation';
import { ROLES } from './roles';
import { FACTOR_TYPES } from './statuses';
import { emailSchema, passwordSchema } from './validation';

const roleSchema = z.enum(ROLES);

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  roles: z.array(roleSchema),
  /** The role that decides what the user sees (docs/product.md §6 precedence). */
  role: roleSchema,
  /**
   * Until the address is proven the session may only look after its own sign-in and data, and sees
   * nothing kept under the address, a whitelisted role included (decision 022).
   */
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  /** Epoch seconds. */
  expires_at: z.number().int(),
  /** Only for API clients that sent theirs in the body; browsers keep it in an httpOnly cookie. */
  refresh_token: z.string().optional(),
  user: sessionUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** `session` is null when a browser without a session cookie asks who it is. */
export const sessionResponseSchema = z.object({ session: sessionSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Sign-in of a user with a verified second factor: a short-lived ticket to answer the challenge. */
export const mfaRequiredSchema = z.object({
  mfa: z.object({
    ticket: z.string(),
    factors: z.array(
      z.object({
        id: z.uuid(),
        factorType: z.enum(FACTOR_TYPES),
        friendlyName: z.string().nullable(),
      }),
    ),
  }),
});
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;

export const signInResponseSchema = z.union([sessionResponseSchema, mfaRequiredSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const refreshTokenBodySchema = z.object({
  refresh_token: z.string().min(1).max(200).optional(),
});

export const tokenQuerySchema = z.object({
  grant_type: z.enum(['refresh_token', 'password', 'pkce'], { error: 'Unsupported grant_type' }),
});

export const emailTokenBodySchema = z.object({ token: z.string().min(1).max(200) });

export const recoverBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordSchema,
});

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, { error: VALIDATION_MESSAGES.passwordRequired }).max(128),
  newPassword: passwordSchema,
});

export const accountSessionSchema = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const messageSchema = z.object({ message: z.string() });
