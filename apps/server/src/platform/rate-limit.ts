/**
 * Fixed-window rate limits counted in PostgreSQL, so every API process shares them (DESIGN.md §1).
 * One upsert per attempt: the counter row is created or incremented atomically and its new value
 * decides. Old windows are deleted by `pruneRateLimits`.
 */
import { FEED_MESSAGES } from '@adreel/domain';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';
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
  signInPerAccount: { name: 'signin:account', limit: 10, windowSeconds: 15 * 60 },
  signInPerIp: { name: 'signin:ip', limit: 50, windowSeconds: 15 * 60 },
  signUpPerIp: { name: 'signup:ip', limit: 20, windowSeconds: 60 * 60 },
  joinPerIp: { name: 'join:ip', limit: 20, windowSeconds: 60 * 60 },
  refreshPerIp: { name: 'refresh:ip', limit: 300, windowSeconds: 5 * 60 },
  recoverPerAccount: { name: 'recover:account', limit: 5, windowSeconds: 60 * 60 },
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

export function createRateLimiter(db: Database, overrides: RateLimitOverrides = {}) {
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
    now = new Date(),
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

  return {
    /**
     * Counts one attempt against `rule` for `subject` (an IP, a lower-cased email…) and throws a
     * RateLimitedError (429) once the window's limit is passed.
     */
    consume: (rule: RateLimitRule, subject: string, now = new Date()): Promise<void> =>
      consumeAll([[rule, subject]], now),
    consumeAll,
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Deletes windows that ended more than a day ago (no rule's window is longer). */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, cutoff))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}
