/**
 * What made access tokens stop working (decision 023): a session ended (its tokens fail) or a user's
 * roles changed (their tokens issued under an older `users.token_version` fail). Rows are written by
 * triggers on `sessions` and `user_roles` (migration 0014), never by the application, and matter
 * only for as long as an access token lives; API processes reload the last minutes of them after a
 * start or a lost listening connection.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const accessRevocations = pgTable(
  'access_revocations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: the record outlives a deleted session, and must. */
    userId: uuid('user_id').notNull(),
    /** The ended session; null for a change of roles. */
    sessionId: uuid('session_id'),
    /** The user's token version after a change of roles; null for an ended session. */
    userVersion: integer('user_version'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'access_revocations_one_kind',
      sql`(${t.sessionId} is null) <> (${t.userVersion} is null)`,
    ),
    index('access_revocations_created_idx').on(t.createdAt),
  ],
);
