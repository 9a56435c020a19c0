/**
 * Fixed-window rate limits counted in PostgreSQL, so every API process shares them (DESIGN.md §1).
 * One upsert per attempt: the counter row is created or incremented atomically and its new value
 * decides. Old windows are deleted by `pruneRateLimits`.
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { AppError } from './errors';

export interface RateLimitRule {
  /** Names the limit in the counter key, e.g. "signin:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
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
} as const satisfies Record<string, RateLimitRule>;

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', RATE_LIMITED_MESSAGE);
  }
}

export type RateLimitOverrides = Partial<Record<keyof typeof RATE_LIMITS, number>>;

export function createRateLimiter(db: Database, overrides: RateLimitOverrides = {}) {
  const limitOf = (rule: RateLimitRule) => {
    const entry = Object.entries(RATE_LIMITS).find(([, value]) => value.name === rule.name);
    const override = entry ? overrides[entry[0] as keyof typeof RATE_LIMITS] : undefined;
    return override ?? rule.limit;
  };

  return {
    /**
     * Counts one attempt against `rule` for `subject` (an IP, a lower-cased email…) and throws a
     * RateLimitedError (429) once the window's limit is passed.
     */
    async consume(rule: RateLimitRule, subject: string, now = new Date()): Promise<void> {
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key: `${rule.name}:${subject}`, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count });
      if ((row?.count ?? 0) > limitOf(rule)) {
        const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
        throw new RateLimitedError(Math.max(1, retryAfter));
      }
    },
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
