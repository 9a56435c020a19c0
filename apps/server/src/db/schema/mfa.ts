/**
 * Second factors (SPEC.md §3, §7: factor_type phone, totp or webauthn with a verified status) and the
 * challenges and recovery codes that go with them (DESIGN.md §3, account security page).
 */
import { FACTOR_TYPES } from '@adreel/domain/statuses';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, isOneOf, timestamptz } from './columns';
import { users } from './users';

export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factorType: text('factor_type', { enum: FACTOR_TYPES }).notNull(),
    friendlyName: text('friendly_name'),
    /** A factor counts for sign-in only once verified; until then it is an unfinished enrolment. */
    verifiedAt: timestamptz('verified_at'),
    /** TOTP shared secret (base32). The service should encrypt it at rest. */
    totpSecret: text('totp_secret'),
    phone: text('phone'),
    webauthnCredentialId: text('webauthn_credential_id').unique(),
    /** COSE public key, base64url. */
    webauthnPublicKey: text('webauthn_public_key'),
    /** Authenticator signature counter (uint32): a counter that goes backwards betrays a clone. */
    webauthnSignCount: bigint('webauthn_sign_count', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (usb, internal, hybrid…), offered back to it. */
    webauthnTransports: text('webauthn_transports').array(),
    /** The TOTP time step of the last accepted code: each code is good once (RFC 6238 §5.2). */
    totpLastTimeStep: bigint('totp_last_time_step', { mode: 'number' }),
    lastUsedAt: timestamptz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('mfa_factors_type_known', isOneOf(t.factorType, FACTOR_TYPES)),
    check(
      'mfa_factors_totp_has_secret',
      sql`${t.factorType} <> 'totp' or ${t.totpSecret} is not null`,
    ),
    check(
      'mfa_factors_phone_has_number',
      sql`${t.factorType} <> 'phone' or ${t.phone} is not null`,
    ),
    check(
      'mfa_factors_verified_webauthn_has_key',
      sql`${t.factorType} <> 'webauthn' or ${t.verifiedAt} is null or (${t.webauthnCredentialId} is not null and ${t.webauthnPublicKey} is not null)`,
    ),
    // Supabase Auth refuses two factors with one name for the same user; so do we.
    unique('mfa_factors_user_friendly_name_unique').on(t.userId, t.friendlyName),
    index('mfa_factors_user_idx').on(t.userId),
  ],
);

/**
 * What a challenge is for: a TOTP code or a WebAuthn registration for one factor; a WebAuthn
 * assertion by one of a user's factors (sign-in second step, step-up); a passkey sign-in, where the
 * user is known only once the authenticator answers.
 */
export const MFA_CHALLENGE_PURPOSES = [
  'totp',
  'webauthn_registration',
  'webauthn_authentication',
  'passkey',
  'phone',
] as const;
export type MfaChallengePurpose = (typeof MFA_CHALLENGE_PURPOSES)[number];

/** POST /factors/{id}/challenge creates one; verify consumes it. Stored so any process can verify. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    purpose: text('purpose', { enum: MFA_CHALLENGE_PURPOSES }).notNull(),
    /** The factor being verified; null when any of the user's (or, for a passkey, anyone's) may answer. */
    factorId: uuid('factor_id').references(() => mfaFactors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The WebAuthn challenge bytes (base64url) the authenticator must sign; null for TOTP. */
    webauthnChallenge: text('webauthn_challenge'),
    /** Phone: SHA-256 of the texted one-time code (never stored in the clear). */
    codeHash: text('code_hash'),
    /** Phone: wrong codes tried against this challenge; a few spend it. */
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    verifiedAt: timestamptz('verified_at'),
  },
  (t) => [
    check('mfa_challenges_purpose_known', isOneOf(t.purpose, MFA_CHALLENGE_PURPOSES)),
    check(
      'mfa_challenges_factor_given',
      sql`${t.purpose} not in ('totp', 'webauthn_registration', 'phone') or ${t.factorId} is not null`,
    ),
    check(
      'mfa_challenges_webauthn_has_challenge',
      sql`${t.purpose} in ('totp', 'phone') or ${t.webauthnChallenge} is not null`,
    ),
    check(
      'mfa_challenges_phone_has_code',
      sql`${t.purpose} <> 'phone' or ${t.codeHash} is not null`,
    ),
    index('mfa_challenges_factor_idx').on(t.factorId),
    index('mfa_challenges_user_idx').on(t.userId),
    // Expired challenges are deleted by age.
    index('mfa_challenges_expires_idx').on(t.expiresAt),
  ],
);

export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('mfa_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);
