/**
 * Background jobs (docs/decisions/009-job-queue.md): a queue in PostgreSQL, claimed with
 * `FOR UPDATE SKIP LOCKED`, so any process can run them and a job held by a dead process is claimed
 * again once its lock expires.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, isOneOf, timestamptz } from './columns';

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    /** Claims so far, including one that a crashed process never finished. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Not claimed before this time (retry back-off). */
    runAt: timestamptz('run_at').notNull().defaultNow(),
    /** While running: after this time the claim is presumed dead and the job may be claimed again. */
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    check('jobs_state_known', isOneOf(t.state, JOB_STATES)),
    check('jobs_attempts_range', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    check('jobs_running_locked', sql`${t.state} <> 'running' or ${t.lockedUntil} is not null`),
    index('jobs_claim_idx').on(t.queue, t.runAt).where(sql`${t.state} in ('queued', 'running')`),
  ],
);
