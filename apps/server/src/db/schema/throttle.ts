/**
 * Sign-in backoff (docs/decisions/025-sign-in-throttling.md): failure counts that make the next
 * attempt wait, and the server's key that signs device cookies. In the database, so every API
 * process sees the same (DESIGN.md §1).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/**
 * One row per throttled subject ("signin:account:<email>", "signin:device:<nonce>", "signin:ip:…"):
 * its recent failures and the instant before which no further attempt is let through.
 */
export const failureBackoffs = pgTable(
  'failure_backoffs',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    blockedUntil: timestamptz('blocked_until').notNull().defaultNow(),
    lastAttemptAt: timestamptz('last_attempt_at').notNull().defaultNow(),
  },
  (t) => [
    check('failure_backoffs_failures_non_negative', sql`${t.failures} >= 0`),
    // Quiet subjects are deleted by age.
    index('failure_backoffs_last_attempt_idx').on(t.lastAttemptAt),
  ],
);

/** Random keys the server makes once and every process shares, by name ("device_cookie"). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
