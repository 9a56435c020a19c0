/**
 * Second factors (docs/product.md §3, §7 /factors; decision 008 account security): TOTP authenticator apps,
 * WebAuthn passkeys and recovery codes, and the second step of sign-in. The /factors bodies keep
 * docs/product.md §7's snake_case names (factor_type, friendly_name, challenge_id); the rest is camelCase.
 */
import { z } from 'zod';
import { sessionSchema } from './auth-api';
import { MFA_MESSAGES } from './messages/mfa';
import { VALIDATION_MESSAGES } from './messages/validation';
import { FACTOR_TYPES } from './statuses';

export const FACTOR_NAME_MAX = 100;
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;

/** A texted code lives this long. */
export const PHONE_CODE_TTL_MINUTES = 10;

/** The factor types that can be enrolled (docs/product.md §3: phone, totp, webauthn). */
export const ENROLLABLE_FACTOR_TYPES = ['totp', 'webauthn', 'phone'] as const;

/** E.164 as typed: a +, then digits with optional spaces, dots, dashes or brackets (checked fully on the server). */
export const phoneNumberSchema = z
  .string({ error: MFA_MESSAGES.invalidPhone })
  .trim()
  .regex(/^\+[0-9 ().-]{6,24}$/, { error: MFA_MESSAGES.invalidPhone });

export const friendlyNameSchema = z
  .string({ error: VALIDATION_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.nameRequired })
  .max(FACTOR_NAME_MAX, { error: VALIDATION_MESSAGES.nameTooLong });

/** Six digits as the authenticator app shows them; spaces ("123 456") are ignored. */
export const totpCodeSchema = z
  .string({ error: MFA_MESSAGES.totpCodeInvalid })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: MFA_MESSAGES.totpCodeInvalid }));

export const recoveryCodeSchema = z
  .string({ error: MFA_MESSAGES.recoveryCodeRequired })
  .trim()
  .min(1, { error: MFA_MESSAGES.recoveryCodeRequired })
  .max(40, { error: MFA_MESSAGES.recoveryCodeRequired });

export const enrolFactorBodySchema = z.discriminatedUnion(
  'factor_type',
  [
    z.object({
      factor_type: z.literal('totp'),
      friendly_name: friendlyNameSchema.optional(),
      /** Accepted for docs/product.md §7; the authenticator app always shows the app's name. */
      issuer: z.string().max(255).optional(),
    }),
    z.object({ factor_type: z.literal('webauthn'), friendly_name: friendlyNameSchema }),
    z.object({
      factor_type: z.literal('phone'),
      phone: phoneNumberSchema,
      friendly_name: friendlyNameSchema.optional(),
    }),
  ],
  { error: 'factor_type must be totp, webauthn or phone' },
);
export type EnrolFactorBody = z.infer<typeof enrolFactorBodySchema>;

export const factorSchema = z.object({
  id: z.uuid(),
  factorType: z.enum(FACTOR_TYPES),
  friendlyName: z.string().nullable(),
  verified: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Phone factors: the number with all but its last digits hidden, e.g. "+•• •••• ••12 34". */
  phoneHint: z.string().nullable().optional(),
});
export type Factor = z.infer<typeof factorSchema>;
export const factorsResponseSchema = z.object({ factors: z.array(factorSchema) });

/**
 * WebAuthn options as @simplewebauthn/server makes them, for @simplewebauthn/browser's
 * startRegistration / startAuthentication({ optionsJSON }).
 */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

export const enrolFactorResponseSchema = z.discriminatedUnion('factor_type', [
  z.object({
    id: z.uuid(),
    factor_type: z.literal('totp'),
    totp: z.object({
      /** Base32, for typing into an app by hand. */
      secret: z.string(),
      /** otpauth:// URI; the QR code encodes it. */
      uri: z.string(),
      /** data:image/svg+xml URL for an <img>. */
      qr_code: z.string(),
    }),
  }),
  z.object({
    id: z.uuid(),
    factor_type: z.literal('webauthn'),
    webauthn: z.object({ options: webauthnOptionsSchema }),
  }),
  z.object({
    id: z.uuid(),
    factor_type: z.literal('phone'),
    /** The number as stored (E.164): challenge the factor to text it a code. */
    phone: z.string(),
  }),
]);
export type EnrolFactorResponse = z.infer<typeof enrolFactorResponseSchema>;

export const factorChallengeResponseSchema = z.object({
  id: z.uuid(),
  factor_type: z.enum(ENROLLABLE_FACTOR_TYPES),
  expires_at: z.iso.datetime({ offset: true }),
  /** WebAuthn only: registration options for an unverified factor, assertion options otherwise. */
  webauthn: z.object({ options: webauthnOptionsSchema }).optional(),
});
export type FactorChallengeResponse = z.infer<typeof factorChallengeResponseSchema>;

const base64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, {
    error: 'Invalid WebAuthn response',
  });

const credentialFields = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key', { error: 'Invalid WebAuthn response' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** navigator.credentials.create() as JSON (RegistrationResponseJSON). */
export const webauthnRegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export type WebauthnRegistrationResponse = z.infer<typeof webauthnRegistrationResponseSchema>;

/** navigator.credentials.get() as JSON (AuthenticationResponseJSON). */
export const webauthnAuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export type WebauthnAuthenticationResponse = z.infer<typeof webauthnAuthenticationResponseSchema>;

/** TOTP: code (and the challenge_id from /challenge, if one was made). WebAuthn: response. */
export const verifyFactorBodySchema = z
  .object({
    challenge_id: z.uuid({ error: 'Invalid challenge' }).optional(),
    code: totpCodeSchema.optional(),
    response: z
      .union([webauthnRegistrationResponseSchema, webauthnAuthenticationResponseSchema], {
        error: 'Invalid WebAuthn response',
      })
      .optional(),
  })
  .refine((body) => body.code !== undefined || body.response !== undefined, {
    error: MFA_MESSAGES.totpCodeInvalid,
  });
export type VerifyFactorBody = z.infer<typeof verifyFactorBodySchema>;

export const recoveryCodesSchema = z.array(z.string());

/**
 * A verified factor raises the caller's session to aal2 (a fresh access token in `session`). The
 * first verified factor of an account also brings its recovery codes, shown this once.
 */
export const verifyFactorResponseSchema = z.object({
  verified: z.literal(true),
  recovery_codes: recoveryCodesSchema.optional(),
  session: sessionSchema,
});
export type VerifyFactorResponse = z.infer<typeof verifyFactorResponseSchema>;

export const recoveryCodesResponseSchema = z.object({ recovery_codes: recoveryCodesSchema });

const ticketSchema = z
  .string({ error: MFA_MESSAGES.ticketExpired })
  .min(1, { error: MFA_MESSAGES.ticketExpired })
  .max(2048, { error: MFA_MESSAGES.ticketExpired });

/** Sign-in's second step: a TOTP factor and its code, or one recovery code. */
export const mfaVerifyBodySchema = z
  .object({
    ticket: ticketSchema,
    factorId: z.uuid({ error: MFA_MESSAGES.factorNotFound }).optional(),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine(
    (body) =>
      body.recoveryCode !== undefined || (body.factorId !== undefined && body.code !== undefined),
    { error: 'Enter the code from your authenticator app or a recovery code' },
  );
export type MfaVerifyBody = z.infer<typeof mfaVerifyBodySchema>;

export const mfaWebauthnOptionsBodySchema = z.object({ ticket: ticketSchema });
export const webauthnOptionsResponseSchema = z.object({ options: webauthnOptionsSchema });

export const mfaWebauthnVerifyBodySchema = z.object({
  ticket: ticketSchema,
  response: webauthnAuthenticationResponseSchema,
});

/** Sign-in's second step by phone: text a code to one of the user's verified phone factors. */
export const mfaPhoneChallengeBodySchema = z.object({
  ticket: ticketSchema,
  factorId: z.uuid({ error: MFA_MESSAGES.factorNotFound }),
});
export const mfaPhoneChallengeResponseSchema = z.object({
  challengeId: z.uuid(),
  expires_at: z.iso.datetime({ offset: true }),
  message: z.string(),
});

export const passkeyOptionsResponseSchema = z.object({
  challengeId: z.uuid(),
  options: webauthnOptionsSchema,
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

export const passkeyVerifyBodySchema = z.object({
  challengeId: z.uuid({ error: MFA_MESSAGES.challengeExpired }),
  response: webauthnAuthenticationResponseSchema,
});
