import { DISPLAY_NAME_MAX, EMAIL_MAX, USERNAME_MAX, USERNAME_MIN } from '@adreel/domain/constants';
import { REQUESTABLE_ROLES, ROLES } from '@adreel/domain/roles';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, hasLength, id, isLowerCase, isOneOf, timestamptz } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    /** Null until the address is proven; a whitelist role only applies after that (DESIGN.md §3). */
    emailVerifiedAt: timestamptz('email_verified_at'),
    /** argon2id PHC string; null for an account that cannot sign in with a password. */
    passwordHash: text('password_hash'),
    /** What the sign-up form asked for. It never grants a role by itself (SPEC.md §5). */
    requestedRole: text('requested_role', { enum: REQUESTABLE_ROLES }),
    createdAt: createdAt(),
    /** Soft deletion: money rows and audit entries keep pointing at the account. */
    deletedAt: timestamptz('deleted_at'),
    /**
     * Raised by a trigger whenever the user's roles change; access tokens carry the value they were
     * issued under and fail once it is lower than this (decision 023).
     */
    tokenVersion: integer('token_version').notNull().default(0),
  },
  (t) => [
    check('users_email_lower_case', isLowerCase(t.email)),
    check('users_email_length', hasLength(t.email, 3, EMAIL_MAX)),
    check(
      'users_requested_role_known',
      sql`${t.requestedRole} is null or ${isOneOf(t.requestedRole, REQUESTABLE_ROLES)}`,
    ),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /** SPEC.md §3: falls back to the username, so it is always there to show. */
    displayName: text('display_name').notNull(),
    photoUrl: text('photo_url'),
  },
  (t) => [
    // Handles are compared case-insensitively: "Ana" and "ana" would be the same person on screen.
    uniqueIndex('profiles_username_lower_unique').on(sql`lower(${t.username})`),
    check('profiles_username_length', hasLength(t.username, USERNAME_MIN, USERNAME_MAX)),
    check('profiles_display_name_length', hasLength(t.displayName, 1, DISPLAY_NAME_MAX)),
  ],
);

/**
 * How each handle reads (issue 25 item 8, decision 039): the Unicode TR 39 skeletons of the handle
 * as typed, lower-cased and upper-cased (auth.skeleton.ts). A skeleton belongs to one handle, so two
 * handles that read alike cannot both be held, however many sign-ups race for them. A handle that
 * already read like an older one when migration 0022 ran keeps only the skeletons nobody held.
 * A closed account's handle holds none.
 */
export const usernameSkeletons = pgTable(
  'username_skeletons',
  {
    skeleton: text('skeleton').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
  },
  (t) => [index('username_skeletons_user_idx').on(t.userId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'user_roles_pk', columns: [t.userId, t.role] }),
    check('user_roles_role_known', isOneOf(t.role, ROLES)),
  ],
);
