/**
 * A small job queue in PostgreSQL (docs/decisions/009-job-queue.md). A job is enqueued in the
 * caller's transaction, so it exists exactly when the rows it works on do. Workers claim one job at a
 * time with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`): a job whose process died is
 * claimed again once the lease has passed. A failing job is retried with back-off up to its
 * max_attempts; a handler throws PermanentJobError when retrying cannot help, and a job that failed
 * because the machine ran out of something (resource-exhaustion.ts) is retried all the same.
 *
 * Fair shares (decision 037): a job enqueued with an owner (the creator of a video) waits its turn
 * among other owners' jobs, one owner's backlog behind everyone's first job, and a worker may run
 * several jobs at once with at most a few of one owner's running over all processes.
 */
import { channel } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { isResourceExhaustion } from '../resource-exhaustion';

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
  /**
   * Whose job it is (a video's creator): stored as the payload's `ownerId`, with its turn
   * (`fairAt`), so the claim shares the workers fairly between owners.
   */
  ownerId?: string;
}

/**
 * How far one owner's jobs are spaced in the claim order (decision 037): a job enqueued while its
 * owner has n others queued or running is claimed as if it had been enqueued n turns later. Others'
 * jobs enqueued meanwhile go first (one owner's backlog never holds another's first job), and a
 * backlog still moves: it waits at most a turn per job ahead of it behind newcomers.
 */
export const FAIR_TURN_MS = 10 * 60_000;

/** Adds a job; pass a transaction to make it part of that transaction. */
export async function enqueueJob(
  db: Database,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<JobRow> {
  const runAt = sql`now() + ${`${options.delayMs ?? 0} milliseconds`}::interval`;
  const { ownerId } = options;
  // The owner's turn: when the job would run, plus a turn for each of the owner's jobs not done.
  const owned = ownerId
    ? sql`${JSON.stringify({ ...payload, ownerId })}::jsonb || jsonb_build_object('fairAt',
        (select floor(extract(epoch from ${runAt}) * 1000) + count(*) * ${FAIR_TURN_MS}
         from ${jobs}
         where ${jobs.queue} = ${queue} and ${jobs.state} in ('queued', 'running')
           and ${jobs.payload}->>'ownerId' = ${ownerId}))`
    : payload;
  const [job] = await db
    .insert(jobs)
    .values({ queue, payload: owned, maxAttempts: options.maxAttempts ?? 3, runAt })
    .returning();
  if (!job) throw new Error('insert into jobs returned no row');
  return job;
}

export interface ClaimOptions {
  /**
   * The most jobs of one owner (payload `ownerId`) running at once in this queue, over every
   * process (live leases); a job of an owner at the limit waits. No limit when undefined.
   */
  runningPerOwner?: number;
}

/**
 * Claims the next due job of `queue`: a queued one whose time has come, or a running one whose
 * lease has expired (its worker died) and which has attempts left. The claim takes a new lease.
 *
 * Which one (decision 037): the job whose owner has the fewest jobs running, then the earliest
 * turn (`fairAt`, set at enqueue; a job without an owner has its run_at as its turn), then the
 * oldest. Claims of one queue take turns (an advisory lock held by the claim's transaction), so two
 * workers cannot both see an owner below `runningPerOwner` and both start one of its jobs.
 */
export async function claimJob(
  db: Database,
  queue: string,
  leaseMs: number,
  options: ClaimOptions = {},
): Promise<JobRow | null> {
  const ownerRunning = sql`(
    select count(*) from ${jobs} r
    where r.queue = j.queue and r.state = 'running' and r.locked_until >= now()
      and r.payload->>'ownerId' = j.payload->>'ownerId')`;
  const underLimit =
    options.runningPerOwner === undefined
      ? sql``
      : sql`and (j.payload->>'ownerId' is null or ${ownerRunning} < ${options.runningPerOwner})`;
  const id = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`adreel.jobs.claim:${queue}`}, 0))`,
    );
    const result = await tx.execute<{ id: string }>(sql`
      update ${jobs} set
        state = 'running',
        attempts = attempts + 1,
        locked_until = now() + ${`${leaseMs} milliseconds`}::interval
      where id = (
        select j.id from ${jobs} j
        where j.queue = ${queue}
          and (
            (j.state = 'queued' and j.run_at <= now())
            or (j.state = 'running' and j.locked_until < now() and j.attempts < j.max_attempts)
          )
          ${underLimit}
        order by
          ${ownerRunning},
          case when jsonb_typeof(j.payload->'fairAt') = 'number'
            then (j.payload->>'fairAt')::float8
            else extract(epoch from j.run_at) * 1000 end,
          j.run_at,
          j.created_at
        limit 1
        for update of j skip locked
      )
      returning id`);
    return result.rows[0]?.id ?? null;
  });
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

/**
 * How many times a job that failed because the machine ran out of something (file descriptors,
 * processes, memory: resource-exhaustion.ts) is retried without using up one of its attempts, and
 * the longest wait between two of those retries: about 25 minutes in all, after which such a
 * failure counts as an attempt like any other.
 */
export const EXHAUSTED_RETRIES = 10;
export const EXHAUSTED_BACKOFF_MAX_MS = 5 * 60_000;

function exhaustedRetriesOf(payload: unknown): number {
  const value = (payload as { exhaustedRetries?: unknown } | null)?.exhaustedRetries;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * Records a failure: back to the queue with back-off while attempts remain, else failed. A failure
 * of the machine (`exhausted`) goes back to the queue without using up the attempt, up to
 * EXHAUSTED_RETRIES times (counted in the payload's `exhaustedRetries`), whatever `permanent` says.
 */
export async function failJob(
  db: Database,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'> & { payload?: unknown },
  error: unknown,
  options: { permanent?: boolean; backoffMs?: number; exhausted?: boolean } = {},
): Promise<'retry' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  const tries = exhaustedRetriesOf(job.payload);
  if (options.exhausted === true && tries < EXHAUSTED_RETRIES) {
    const wait = Math.min(EXHAUSTED_BACKOFF_MAX_MS, (options.backoffMs ?? 5_000) * 2 ** tries);
    await db
      .update(jobs)
      .set({
        state: 'queued',
        lockedUntil: null,
        lastError: message,
        attempts: sql`greatest(0, ${jobs.attempts} - 1)`,
        payload: sql`${jobs.payload} || jsonb_build_object('exhaustedRetries', ${tries + 1}::int)`,
        runAt: sql`now() + ${`${wait} milliseconds`}::interval`,
      })
      .where(eq(jobs.id, job.id));
    return 'retry';
  }
  const final =
    (options.permanent === true && options.exhausted !== true) || job.attempts >= job.maxAttempts;
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
  /** How many jobs this worker runs at once (1 when not given). */
  concurrency?: number;
  /** The most jobs of one owner running at once over all processes (ClaimOptions). */
  runningPerOwner?: number;
}

export interface Worker {
  /** Starts polling; a no-op when already started. */
  start(): void;
  /**
   * Runs due jobs until none is left, in as many slots as the worker has (those already busy
   * included); resolves with how many ran. For tests, and for a nudge after enqueueing.
   */
  drain(): Promise<number>;
  /** Wakes the poller now (a job was just enqueued in this process). */
  nudge(): void;
  /** Stops polling and waits for the running jobs; no new job is claimed. */
  stop(): Promise<void>;
}

export function createWorker(options: WorkerOptions): Worker {
  const { db, queue, handler, log } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 2_000;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const claimOptions: ClaimOptions =
    options.runningPerOwner === undefined ? {} : { runningPerOwner: options.runningPerOwner };
  let timer: NodeJS.Timeout | null = null;
  /** The slots at work: each runs due jobs one after another until it finds none. */
  const slots = new Set<Promise<number>>();
  let stopped = true;
  let stopping = false;

  async function runOne(): Promise<boolean> {
    for (const abandoned of await expireAbandonedJobs(db, queue)) {
      await handler.onFailed?.(abandoned, new Error(abandoned.lastError ?? 'abandoned'));
    }
    const job = await claimJob(db, queue, leaseMs, claimOptions);
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
      // Out of descriptors, processes or memory: the machine's fault, retried (decision 037).
      const exhausted = isResourceExhaustion(error);
      const permanent = error instanceof PermanentJobError && !exhausted;
      outcome = await failJob(db, job, error, {
        permanent,
        exhausted,
        ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
      });
      log.warn({ err: error, jobId: job.id, queue, outcome, exhausted }, 'job failed');
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

  /** One slot: due jobs one after another until none is left (or the worker stops). */
  function startSlot(): Promise<number> {
    const slot = (async () => {
      let count = 0;
      while (!stopping && (await runOne())) count += 1;
      return count;
    })();
    slots.add(slot);
    const free = () => {
      slots.delete(slot);
    };
    slot.then(free, free);
    return slot;
  }

  /** Puts every free slot to work; returns the slots started. */
  function fill(): Promise<number>[] {
    const started: Promise<number>[] = [];
    while (!stopping && slots.size < concurrency) started.push(startSlot());
    return started;
  }

  async function drain(): Promise<number> {
    fill();
    const counts = await Promise.all([...slots]);
    return counts.reduce((sum, count) => sum + count, 0);
  }

  function schedule(delay: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      // Free slots look for work at every poll, while others are busy (a long job no longer
      // keeps the poller waiting for it).
      for (const slot of fill()) {
        slot.catch((error: unknown) => log.error({ err: error, queue }, 'job worker poll failed'));
      }
      schedule(pollMs);
    }, delay);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      schedule(0);
    },
    drain,
    nudge() {
      if (!stopped) schedule(0);
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...slots]);
    },
  };
}
