/** Who may join the private beta (SPEC.md §3, §5): the whitelist, invite codes and access requests. */
import { EMAIL_MAX, INVITE_CODE_PATTERN, NAME_MAX, NOTES_MAX } from '@adreel/domain/constants';
import { REQUESTABLE_ROLES, ROLES } from '@adreel/domain/roles';
import { ACCESS_REQUEST_STATUSES } from '@adreel/domain/statuses';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, hasLength, id, isLowerCase, isOneOf, literal, timestamptz } from './columns';
import { users } from './users';

export const whitelist = pgTable(
  'whitelist',
  {
    id: id(),
    email: text('email').notNull().unique(),
    roleAllowed: text('role_allowed', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('whitelist_email_lower_case', isLowerCase(t.email)),
    check('whitelist_email_length', hasLength(t.email, 3, EMAIL_MAX)),
    check('whitelist_role_known', isOneOf(t.roleAllowed, ROLES)),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: id(),
    code: text('code').notNull().unique(),
    role: text('role', { enum: ROLES }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    isUsed: boolean('is_used').notNull().default(false),
    // Set null rather than cascade: the used invite stays as history when an account is erased.
    usedByUserId: uuid('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // A JavaScript pattern this simple means the same to PostgreSQL's regular expressions.
    check('invites_code_format', sql`${t.code} ~ ${sql.raw(literal(INVITE_CODE_PATTERN.source))}`),
    check('invites_role_known', isOneOf(t.role, ROLES)),
    // A used invite says when; a user can only be recorded on a used one.
    check(
      'invites_used_consistent',
      sql`${t.isUsed} = (${t.usedAt} is not null) and (${t.usedByUserId} is null or ${t.isUsed})`,
    ),
    index('invites_created_at_idx').on(t.createdAt),
  ],
);

export const accessRequests = pgTable(
  'access_requests',
  {
    id: id(),
    name: text('name').notNull(),
    /** Unique: asking twice from one address is the same request, not a second one. */
    email: text('email').notNull().unique(),
    role: text('role', { enum: REQUESTABLE_ROLES }).notNull(),
    notes: text('notes'),
    status: text('status', { enum: ACCESS_REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('access_requests_name_length', hasLength(t.name, 1, NAME_MAX)),
    check('access_requests_email_lower_case', isLowerCase(t.email)),
    check('access_requests_email_length', hasLength(t.email, 3, EMAIL_MAX)),
    check('access_requests_role_known', isOneOf(t.role, REQUESTABLE_ROLES)),
    check(
      'access_requests_notes_length',
      sql`char_length(${t.notes}) <= ${sql.raw(String(NOTES_MAX))}`,
    ),
    check('access_requests_status_known', isOneOf(t.status, ACCESS_REQUEST_STATUSES)),
    check(
      'access_requests_decided_consistent',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`,
    ),
  ],
);
