/**
 * Scheduled tasks (platform/scheduler.ts): one row per task, whose next due time every process
 * races to move forward. The conditional update lets exactly one process claim each run.
 */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  nextRunAt: timestamptz('next_run_at').notNull(),
  lastStartedAt: timestamptz('last_started_at'),
  lastFinishedAt: timestamptz('last_finished_at'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});
