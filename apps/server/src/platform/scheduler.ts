/**
 * Periodic tasks that run once per due time across every API process (DESIGN.md §1: nothing in one
 * process's memory that another needs). Each task has a row in `scheduled_tasks` with its next due
 * time; every process checks on a short tick, and a conditional UPDATE lets exactly one of them
 * claim a due run and move the time forward before running it. A run is claimed before it starts,
 * so a process that dies mid-run skips that run rather than two processes doubling it (at most once:
 * right for mail such as the weekly digest, harmless for an idempotent recompute).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export type Schedule =
  /** Every so often; the first run is due at once. */
  | { everyMs: number }
  /** Calendar-like: the first due time after `after` (e.g. Mondays 09:00 UTC). */
  | { next(after: Date): Date };

export interface ScheduledTask {
  /** Unique, stable: it keys the task's row. */
  name: string;
  schedule: Schedule;
  run(): Promise<unknown>;
}

export interface SchedulerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Scheduler {
  /** Runs every due task this process can claim; resolves when they finished. */
  tick(): Promise<string[]>;
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  db: Database;
  tasks: readonly ScheduledTask[];
  log?: SchedulerLog;
  /** How often to look for due tasks. Default 30 s. */
  tickMs?: number;
  /** false: no timer (tests call tick()). Default true. */
  autoStart?: boolean;
}

function firstDue(schedule: Schedule, now: Date): Date {
  return 'everyMs' in schedule ? now : schedule.next(now);
}

/** Claims the task's due run for this process, or returns false when it is not due or taken. */
async function claim(db: Database, task: ScheduledTask): Promise<boolean> {
  const now = new Date();
  await db.execute(sql`
    insert into scheduled_tasks (name, next_run_at)
    values (${task.name}, ${firstDue(task.schedule, now).toISOString()}::timestamptz)
    on conflict (name) do nothing`);
  const next =
    'everyMs' in task.schedule
      ? sql`now() + make_interval(secs => ${task.schedule.everyMs / 1000})`
      : sql`${task.schedule.next(now).toISOString()}::timestamptz`;
  const { rows } = await db.execute<{ name: string }>(sql`
    update scheduled_tasks
    set next_run_at = ${next}, last_started_at = now(), runs = runs + 1
    where name = ${task.name} and next_run_at <= now()
    returning name`);
  return rows.length > 0;
}

async function finish(db: Database, task: ScheduledTask, error: unknown): Promise<void> {
  const message =
    error === undefined ? null : String(error instanceof Error ? error.message : error);
  await db.execute(sql`
    update scheduled_tasks set last_finished_at = now(), last_error = ${message}
    where name = ${task.name}`);
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const { db, tasks, log } = options;
  let running: Promise<string[]> | null = null;
  let stopped = false;

  async function runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const task of tasks) {
      if (stopped) break;
      try {
        if (!(await claim(db, task))) continue;
      } catch (error) {
        log?.error({ err: error, task: task.name }, 'scheduled task could not be claimed');
        continue;
      }
      const startedAt = Date.now();
      let failure: unknown;
      try {
        await task.run();
        log?.info({ task: task.name, ms: Date.now() - startedAt }, 'scheduled task ran');
      } catch (error) {
        failure = error ?? 'failed';
        log?.error({ err: error, task: task.name }, 'scheduled task failed');
      }
      ran.push(task.name);
      await finish(db, task, failure).catch(() => undefined);
    }
    return ran;
  }

  function tick(): Promise<string[]> {
    // Ticks never overlap in one process: a slow run makes the next tick wait for it.
    if (!running)
      running = runDue().finally(() => {
        running = null;
      });
    return running;
  }

  const timer =
    options.autoStart === false
      ? null
      : setInterval(() => {
          void tick();
        }, options.tickMs ?? 30_000);
  timer?.unref();
  if (timer) void tick();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
