/**
 * The weekly digest (issue 7; DESIGN.md §3 "Mail and jobs"): who asked not to get it, and which
 * digests were sent, so that a run that crashed and is run again never mails a user twice a week.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/** A user without a row gets the digest; the row is made with the first digest or a change. */
export const digestPreferences = pgTable('digest_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subscribed: boolean('subscribed').notNull().default(true),
  /**
   * The key the user's one-click unsubscribe links are signed with (HMAC-SHA256): a link cannot be
   * forged for another user, and works without signing in.
   */
  unsubscribeKey: text('unsubscribe_key').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** One row per user and week (the Monday the week's digest was due): written with the mail. */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekOf: date('week_of', { mode: 'string' }).notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'digest_sends_pk', columns: [t.userId, t.weekOf] }),
    check('digest_sends_week_of_monday', sql`extract(isodow from ${t.weekOf}) = 1`),
  ],
);
