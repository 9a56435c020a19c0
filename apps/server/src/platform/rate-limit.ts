/**
 * Fixed-window rate limits counted in PostgreSQL, so every API process shares them (DESIGN.md §1).
 * One upsert per attempt: the counter row is created or incremented atomically and its new value
 * decides. Old windows are deleted by `pruneRateLimits`.
 */
import { FEED_MESSAGES } from '@adreel/domain';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { failureBackoffs, rateLimitCounters } from '../db/schema';
import { AppError } from './errors';

export interface RateLimitRule {
  /** Names the limit in the counter key, e.g. "signin:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What the 429 says, when this limit has words of its own (else RATE_LIMITED_MESSAGE). */
  message?: string;
}

/** The limits of the accounts issue. Generous enough for people, tight enough for scripts. */
export const RATE_LIMITS = {
  // Password sign-in backs off on failures instead (`enterBackoff`, decision 025): `limit` failures
  // are free, then each waits 1 s, 2 s, 4 s… (BACKOFF_MAX_DELAY_SECONDS at most); a subject forgets
  // its failures `windowSeconds` after its last attempt. Per account from clients without its device
  // cookie, per device cookie, and per IP. (Deleting an account counts re-typed passwords in a
  // fixed window of signInPerAccount; OpenID sign-in counts its attempts in one of signInPerIp.)
  signInPerAccount: { name: 'signin:account', limit: 10, windowSeconds: 60 * 60 },
  signInPerDevice: { name: 'signin:device', limit: 10, windowSeconds: 60 * 60 },
  signInPerIp: { name: 'signin:ip', limit: 50, windowSeconds: 15 * 60 },
  signUpPerIp: { name: 'signup:ip', limit: 20, windowSeconds: 60 * 60 },
  joinPerIp: { name: 'join:ip', limit: 20, windowSeconds: 60 * 60 },
  refreshPerIp: { name: 'refresh:ip', limit: 300, windowSeconds: 5 * 60 },
  // Mail to one address (reset links, sign-up attempts): past the limit nothing more is sent and the
  // answer stays the same, so strangers can neither flood a mailbox nor block its owner (issue 25).
  recoverPerAccount: { name: 'recover:account', limit: 5, windowSeconds: 60 * 60 },
  // Reset links asked for by a browser or address the account has signed in from: its owner, most
  // likely, counted apart from strangers' requests for the address.
  recoverPerKnownClient: { name: 'recover:known', limit: 5, windowSeconds: 60 * 60 },
  // Reset links asked for from one address, whatever the account: a stranger's own limit.
  recoverPerIp: { name: 'recover:ip', limit: 30, windowSeconds: 60 * 60 },
  mfaPerUser: { name: 'mfa:user', limit: 10, windowSeconds: 15 * 60 },
  // Metric requests (issue 5): a viewer sends a few per video watched; one IP may be a whole
  // office or a carrier's NAT, and the per-IP limit bounds what forged device ids can add.
  metricsPerViewer: { name: 'metrics:viewer', limit: 600, windowSeconds: 60 },
  metricsPerIp: { name: 'metrics:ip', limit: 6000, windowSeconds: 60 },
  // Reports (issue 13): far more than a person files in an hour, few enough to stop a flood.
  reportsPerUser: {
    name: 'report:user',
    limit: 20,
    windowSeconds: 60 * 60,
    message: FEED_MESSAGES.reportRateLimited,
  },
} as const satisfies Record<string, RateLimitRule>;

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = RATE_LIMITED_MESSAGE,
  ) {
    super(429, 'rate_limited', message);
  }
}

export type RateLimitOverrides = Partial<Record<keyof typeof RATE_LIMITS, number>>;

/** blocked_until of a subject with no wait due (the epoch: before any attempt's clock reading). */
const NEVER_BLOCKED = new Date(0);

/** The longest a backoff makes an attempt wait: "a few minutes" (decision 025). */
export const BACKOFF_MAX_DELAY_SECONDS = 5 * 60;

/** The wait after `failures` recent failures when `free` of them cost nothing: 0, then 1, 2, 4… s. */
export function backoffDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(BACKOFF_MAX_DELAY_SECONDS, 2 ** Math.min(failures - free, 30));
}

/**
 * `clock` is what every attempt is timed by unless the caller passes its own `now`: the real clock,
 * except in tests, which move a clock of their own instead of waiting out a wait.
 */
export function createRateLimiter(
  db: Database,
  overrides: RateLimitOverrides = {},
  clock: () => Date = () => new Date(),
) {
  const limitOf = (rule: RateLimitRule) => {
    const entry = Object.entries(RATE_LIMITS).find(([, value]) => value.name === rule.name);
    const override = entry ? overrides[entry[0] as keyof typeof RATE_LIMITS] : undefined;
    return override ?? rule.limit;
  };

  /**
   * Counts one attempt against several rules at once (one statement: a busy endpoint such as
   * metrics checks per viewer and per IP) and throws a 429 when any is passed. Keys go in sorted
   * order, so two requests sharing keys lock them in the same order.
   */
  async function consumeAll(
    attempts: ReadonlyArray<readonly [RateLimitRule, string]>,
    now = clock(),
  ): Promise<void> {
    const entries = attempts
      .map(([rule, subject]) => {
        const windowMs = rule.windowSeconds * 1000;
        const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
        return { rule, key: `${rule.name}:${subject}`, windowStart, windowMs };
      })
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (entries.length === 0) return;
    // Without waiting for the WAL flush (set_config(..., true) lasts until this statement's own
    // transaction commits): a count lost in a crash forgives a few attempts, while waiting would
    // hold a hot row (one IP's counter) through each disk flush. One statement, one round trip.
    const values = sql.join(
      entries.map(
        ({ key, windowStart }) => sql`(${key}, ${windowStart.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const { rows } = await db.execute<{ key: string; count: number }>(sql`
      insert into ${rateLimitCounters} (key, window_start, count)
      select attempt.key, attempt.window_start, 1
      from (values ${values}) as attempt(key, window_start),
        (select set_config('synchronous_commit', 'off', true)) as async_commit
      on conflict (key, window_start) do update set count = ${rateLimitCounters}.count + 1
      returning key, count`);
    for (const entry of entries) {
      const count = rows.find((row) => row.key === entry.key)?.count ?? 0;
      if (count > limitOf(entry.rule)) {
        const ends = entry.windowStart.getTime() + entry.windowMs;
        throw new RateLimitedError(
          Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
          entry.rule.message,
        );
      }
    }
  }

  const backoffEntries = (attempts: ReadonlyArray<readonly [RateLimitRule, string]>) =>
    attempts
      .map(([rule, subject]) => ({ rule, key: `${rule.name}:${subject}`, free: limitOf(rule) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  /**
   * Lets an attempt through when none of its subjects is waiting out a backoff, and then counts it
   * as a failure of each at once (in one transaction, rows locked in key order): parallel attempts
   * cannot all slip through one free slot while the first is still checking its password. A
   * success takes its count back with `forgive` or `refund`; a failure calls `failed`, which starts
   * the wait from the moment it failed. Answers the seconds to wait (0: let through and counted).
   */
  async function enterBackoff(
    attempts: ReadonlyArray<readonly [RateLimitRule, string]>,
    now = clock(),
  ): Promise<number> {
    const entries = backoffEntries(attempts);
    if (entries.length === 0) return 0;
    const keys = entries.map((entry) => entry.key);
    return db.transaction(async (tx) => {
      await tx
        .insert(failureBackoffs)
        .values(keys.map((key) => ({ key, blockedUntil: NEVER_BLOCKED, lastAttemptAt: now })))
        .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(failureBackoffs)
        .where(inArray(failureBackoffs.key, keys))
        .orderBy(failureBackoffs.key)
        .for('update');
      let wait = 0;
      const counted = entries.map((entry) => {
        const row = rows.find((candidate) => candidate.key === entry.key);
        const remembered =
          row !== undefined &&
          now.getTime() - row.lastAttemptAt.getTime() < entry.rule.windowSeconds * 1000;
        if (remembered && row.blockedUntil > now) {
          wait = Math.max(wait, Math.ceil((row.blockedUntil.getTime() - now.getTime()) / 1000));
        }
        return { ...entry, failures: (remembered ? row.failures : 0) + 1 };
      });
      if (wait > 0) return wait;
      for (const entry of counted) {
        const delayMs = backoffDelaySeconds(entry.failures, entry.free) * 1000;
        // A wait is only ever written when one is due: stamping "blocked until now" would make a
        // concurrent attempt that read the clock a moment earlier wait a second for nothing.
        await tx
          .update(failureBackoffs)
          .set({
            failures: entry.failures,
            lastAttemptAt: now,
            ...(delayMs > 0 ? { blockedUntil: new Date(now.getTime() + delayMs) } : {}),
          })
          .where(sql`${failureBackoffs.key} = ${entry.key}`);
      }
      return 0;
    });
  }

  /** The attempt failed: its subjects wait from now as long as their failure counts say. */
  async function failed(
    attempts: ReadonlyArray<readonly [RateLimitRule, string]>,
    now = clock(),
  ): Promise<void> {
    for (const { key, free } of backoffEntries(attempts)) {
      await db.execute(sql`
        update ${failureBackoffs}
        set blocked_until = greatest(blocked_until, ${now.toISOString()}::timestamptz
          + make_interval(secs => least(${BACKOFF_MAX_DELAY_SECONDS}, power(2, least(failures - ${free}, 30)))))
        where key = ${key} and failures >= ${free}`);
    }
  }

  return {
    enterBackoff,
    failed,
    /** A success: the subject's failures are forgotten (an account's own pool, a device's). */
    forgive: async (rule: RateLimitRule, subject: string): Promise<void> => {
      await db
        .delete(failureBackoffs)
        .where(sql`${failureBackoffs.key} = ${`${rule.name}:${subject}`}`);
    },
    /**
     * A success: only this attempt's count is taken back (a shared subject such as an IP keeps the
     * failures of others), and its wait ends if what is left is within the free allowance.
     */
    refund: async (rule: RateLimitRule, subject: string): Promise<void> => {
      const free = limitOf(rule);
      await db.execute(sql`
        update ${failureBackoffs}
        set failures = greatest(failures - 1, 0),
          blocked_until = case when failures - 1 < ${free} then ${NEVER_BLOCKED.toISOString()}::timestamptz
            else blocked_until end
        where key = ${`${rule.name}:${subject}`}`);
    },
    /**
     * Takes one counted attempt back from `rule`'s current window for `subject` (pass the `now` it
     * was counted with): limits that should count failures only call this on a success.
     */
    refundWindow: async (rule: RateLimitRule, subject: string, now = clock()): Promise<void> => {
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      await db.execute(sql`
        update ${rateLimitCounters} set count = greatest(count - 1, 0)
        where key = ${`${rule.name}:${subject}`}
          and window_start = ${windowStart.toISOString()}::timestamptz`);
    },
    /**
     * Counts one attempt against `rule` for `subject` (an IP, a lower-cased email…) and throws a
     * RateLimitedError (429) once the window's limit is passed.
     */
    consume: (rule: RateLimitRule, subject: string, now = clock()): Promise<void> =>
      consumeAll([[rule, subject]], now),
    consumeAll,
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Deletes windows that ended more than a day ago, and backoffs quiet for a day (no rule's window
 * is longer).
 */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, cutoff))
    .returning({ key: rateLimitCounters.key });
  const quiet = await db
    .delete(failureBackoffs)
    .where(lt(failureBackoffs.lastAttemptAt, cutoff))
    .returning({ key: failureBackoffs.key });
  return deleted.length + quiet.length;
}
