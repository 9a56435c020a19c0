/**
 * A small job queue in PostgreSQL (docs/decisions/009-job-queue.md). A job is enqueued in the
 * caller's transaction, so it exists exactly when the rows it works on do. Workers claim one job at a
 * time with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`): a job whose process died is
 * claimed again once the lease has passed. A failing job is retried with back-off up to its
 * max_attempts; a handler throws PermanentJobError when retrying cannot help.
 */
import { channel } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** How an attempt ended: done, back in the queue for another attempt, or failed for good. */
export type JobOutcome = 'done' | 'retry' | 'failed';
export interface JobFinished {
  queue: string;
  outcome: JobOutcome;
  seconds: number;
}
/** Every attempt a worker of this process ends, for the metrics (platform/metrics.ts). */
export const jobFinished = channel('adreel:job-finished');

/** Thrown by a handler when a retry cannot succeed (a broken file): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface EnqueueOptions {
  maxAttempts?: number;
  /** Delay before the first run, in milliseconds. */
  delayMs?: number;
}

/** Adds a job; pass a transaction to make it part of that transaction. */
export async function enqueueJob(
  db: Database,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<JobRow> {
  const [job] = await db
    .insert(jobs)
    .values({
      queue,
      payload,
      maxAttempts: options.maxAttempts ?? 3,
      runAt: sql`now() + ${`${options.delayMs ?? 0} milliseconds`}::interval`,
    })
    .returning();
  if (!job) throw new Error('insert into jobs returned no row');
  return job;
}

/**
 * Claims the next due job of `queue`: a queued one whose time has come, or a running one whose
 * lease has expired (its worker died) and which has attempts left. The claim takes a new lease.
 */
export async function claimJob(
  db: Database,
  queue: string,
  leaseMs: number,
): Promise<JobRow | null> {
  const result = await db.execute<{ id: string }>(sql`
    update ${jobs} set
      state = 'running',
      attempts = attempts + 1,
      locked_until = now() + ${`${leaseMs} milliseconds`}::interval
    where id = (
      select id from ${jobs}
      where queue = ${queue}
        and (
          (state = 'queued' and run_at <= now())
          or (state = 'running' and locked_until < now() and attempts < max_attempts)
        )
      order by run_at, created_at
      limit 1
      for update skip locked
    )
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

/**
 * Extends a running job's lease: a worker that is alive keeps its job, however long ffmpeg takes,
 * while one that died loses it within one lease.
 */
export async function renewLease(db: Database, id: string, leaseMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
}

/**
 * Deletes finished jobs that nobody needs any more: done ones after `doneDays`, failed ones (kept
 * longer, to find out why) after `failedDays`. Returns how many went.
 */
export async function pruneFinishedJobs(
  db: Database,
  options: { doneDays?: number; failedDays?: number } = {},
): Promise<number> {
  const doneDays = options.doneDays ?? 7;
  const failedDays = options.failedDays ?? 30;
  const removed = await db
    .delete(jobs)
    .where(
      sql`(${jobs.state} = 'done' and ${jobs.finishedAt} < now() - ${`${doneDays} days`}::interval)
        or (${jobs.state} = 'failed' and ${jobs.finishedAt} < now() - ${`${failedDays} days`}::interval)`,
    )
    .returning({ id: jobs.id });
  return removed.length;
}

/** Marks a claimed job done; only while the claim (state running) still holds. */
export async function completeJob(db: Database, id: string): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', lockedUntil: null, finishedAt: sql`now()`, lastError: null })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
}

/** Records a failure: back to the queue with back-off while attempts remain, else failed. */
export async function failJob(
  db: Database,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  error: unknown,
  options: { permanent?: boolean; backoffMs?: number } = {},
): Promise<'retry' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  const final = options.permanent === true || job.attempts >= job.maxAttempts;
  if (final) {
    await db
      .update(jobs)
      .set({ state: 'failed', lockedUntil: null, finishedAt: sql`now()`, lastError: message })
      .where(eq(jobs.id, job.id));
    return 'failed';
  }
  const backoff = (options.backoffMs ?? 5_000) * 2 ** (job.attempts - 1);
  await db
    .update(jobs)
    .set({
      state: 'queued',
      lockedUntil: null,
      lastError: message,
      runAt: sql`now() + ${`${backoff} milliseconds`}::interval`,
    })
    .where(eq(jobs.id, job.id));
  return 'retry';
}

/**
 * Jobs whose last attempt was held by a process that died: their lease is over and no attempt is
 * left, so nobody will claim them. They are marked failed and returned for the caller to clean up.
 */
export async function expireAbandonedJobs(db: Database, queue: string): Promise<JobRow[]> {
  return db
    .update(jobs)
    .set({
      state: 'failed',
      lockedUntil: null,
      finishedAt: sql`now()`,
      lastError: 'The worker stopped while running the last attempt',
    })
    .where(
      and(
        eq(jobs.queue, queue),
        eq(jobs.state, 'running'),
        sql`${jobs.lockedUntil} < now()`,
        sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
      ),
    )
    .returning();
}

/** A job failed for good, or running with its lease over (its worker stopped): an admin's to see. */
const troubled = sql`(${jobs.state} = 'failed' or (${jobs.state} = 'running' and ${jobs.lockedUntil} < now()))`;

/** The latest 100 troubled jobs of `queue` (issue 17 item 5), newest first. */
export function listTroubledJobs(db: Database, queue: string): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, queue), troubled))
    .orderBy(sql`coalesce(${jobs.finishedAt}, ${jobs.lockedUntil}) desc`, jobs.id)
    .limit(100);
}

/**
 * Queues a troubled job of `queue` again with all its attempts (an admin's retry); its last error
 * stays until an attempt succeeds. Returns the job as it was, or null when it is not troubled.
 */
export async function requeueTroubledJob(
  tx: Database,
  queue: string,
  id: string,
): Promise<JobRow | null> {
  const [before] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.queue, queue), troubled))
    .for('update');
  if (!before) return null;
  await tx
    .update(jobs)
    .set({ state: 'queued', attempts: 0, lockedUntil: null, finishedAt: null, runAt: sql`now()` })
    .where(eq(jobs.id, id));
  return before;
}

export interface JobHandler {
  /** Does the work; throw to retry, throw PermanentJobError to fail at once. */
  run(job: JobRow): Promise<void>;
  /** Called once when the job has failed for good (after its last attempt or a permanent error). */
  onFailed?(job: JobRow, error: unknown): Promise<void>;
}

export interface WorkerOptions {
  db: Database;
  queue: string;
  handler: JobHandler;
  log: FastifyBaseLogger;
  /** How long a claim holds before another worker may take the job over. */
  leaseMs?: number;
  pollMs?: number;
  backoffMs?: number;
}

export interface Worker {
  /** Starts polling; a no-op when already started. */
  start(): void;
  /** Runs due jobs until none is left; for tests and for a nudge after enqueueing. */
  drain(): Promise<number>;
  /** Wakes the poller now (a job was just enqueued in this process). */
  nudge(): void;
  /** Stops polling and waits for the running job. */
  stop(): Promise<void>;
}

export function createWorker(options: WorkerOptions): Worker {
  const { db, queue, handler, log } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 2_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function runOne(): Promise<boolean> {
    for (const abandoned of await expireAbandonedJobs(db, queue)) {
      await handler.onFailed?.(abandoned, new Error(abandoned.lastError ?? 'abandoned'));
    }
    const job = await claimJob(db, queue, leaseMs);
    if (!job) return false;
    const heartbeat = setInterval(
      () => {
        renewLease(db, job.id, leaseMs).catch((error: unknown) =>
          log.warn({ err: error, jobId: job.id, queue }, 'job lease renewal failed'),
        );
      },
      Math.max(250, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const started = performance.now();
    let outcome: JobOutcome = 'done';
    try {
      await handler.run(job);
      await completeJob(db, job.id);
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      outcome = await failJob(db, job, error, {
        permanent,
        ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
      });
      log.warn({ err: error, jobId: job.id, queue, outcome }, 'job failed');
      if (outcome === 'failed') await handler.onFailed?.(job, error);
    } finally {
      clearInterval(heartbeat);
      if (jobFinished.hasSubscribers) {
        jobFinished.publish({
          queue,
          outcome,
          seconds: (performance.now() - started) / 1000,
        } satisfies JobFinished);
      }
    }
    return true;
  }

  function drain(): Promise<number> {
    if (running) return running;
    running = (async () => {
      let count = 0;
      try {
        while (await runOne()) count += 1;
      } finally {
        running = null;
      }
      return count;
    })();
    return running;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      drain()
        .catch((error: unknown) => log.error({ err: error, queue }, 'job worker poll failed'))
        .finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    drain,
    nudge() {
      if (!stopped) schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
