/**
 * Sessions and single-use tokens (DESIGN.md §3, "Access and accounts"). Every secret the user holds
 * is stored only as a hash, so a leaked table cannot be replayed.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, isOneOf, timestamptz } from './columns';
import { users } from './users';

/** Authenticator assurance level, as in Supabase Auth: aal2 once a second factor was verified. */
export const ASSURANCE_LEVELS = ['aal1', 'aal2'] as const;
export type AssuranceLevel = (typeof ASSURANCE_LEVELS)[number];

export const EMAIL_TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    aal: text('aal', { enum: ASSURANCE_LEVELS }).notNull().default('aal1'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    check('sessions_aal_known', isOneOf(t.aal, ASSURANCE_LEVELS)),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token this one replaced: the chain lets a reused spent token revoke its whole session. */
    parentId: uuid('parent_id').references((): AnyPgColumn => refreshTokens.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    /** Set when the token was exchanged for its successor; a token is spent once this is set. */
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use mailed links: address verification and password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * SHA-256 of the sign-up binding cookie of the browser that asked for this link (decision 022):
     * the link opened in that browser proves the one who chose the password owns the mailbox.
     */
    bindingHash: text('binding_hash'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_tokens_purpose_known', isOneOf(t.purpose, EMAIL_TOKEN_PURPOSES)),
    index('email_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Fixed-window counters in the database so that every API process sees the same limits
 * (DESIGN.md §1: no state in one process's memory that another needs).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_counters_pk', columns: [t.key, t.windowStart] }),
    check('rate_limit_counters_count_non_negative', sql`${t.count} >= 0`),
    // Expired windows are deleted by age.
    index('rate_limit_counters_window_idx').on(t.windowStart),
  ],
);

/**
 * The ES256 key pair that signs access tokens, shared by every API process through the database
 * (DESIGN.md §1: no process-local state another process needs). One key is active; older keys stay
 * published at /.well-known/jwks.json until tokens they signed have expired.
 */
export const signingKeys = pgTable(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    algorithm: text('algorithm').notNull().default('ES256'),
    publicJwk: jsonb('public_jwk').notNull(),
    privateJwk: jsonb('private_jwk').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    /** When a rotation replaced it; deleted once no token it signed can still be valid. */
    retiredAt: timestamptz('retired_at'),
  },
  (t) => [
    // At most one active key: two processes starting at once cannot both install theirs.
    uniqueIndex('signing_keys_one_active').on(t.active).where(sql`${t.active}`),
    check('signing_keys_algorithm_known', sql`${t.algorithm} = 'ES256'`),
  ],
);
