import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/database';
import { createRateLimiter, pruneRateLimits, RateLimitedError } from './rate-limit';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const rule = { name: 'test:limit', limit: 2, windowSeconds: 60 };

describe('rate limiter', () => {
  it('allows the limit, then refuses with the seconds left in the window', async () => {
    const limiter = createRateLimiter(database.db);
    const now = new Date('2026-01-01T00:00:30Z');
    await limiter.consume(rule, 'a', now);
    await limiter.consume(rule, 'a', now);
    const refused = await limiter.consume(rule, 'a', now).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(30);
    // Another subject, and the next window, start afresh.
    await limiter.consume(rule, 'b', now);
    await limiter.consume(rule, 'a', new Date('2026-01-01T00:01:00Z'));
  });

  it('shares counts between limiters on one database, as between processes', async () => {
    const first = createRateLimiter(database.db);
    const second = createRateLimiter(database.db);
    const now = new Date('2026-02-01T00:00:00Z');
    await first.consume(rule, 'shared', now);
    await second.consume(rule, 'shared', now);
    await expect(first.consume(rule, 'shared', now)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('backs off past the free failures, 1 s then 2 s, and forgets after its window', async () => {
    const limiter = createRateLimiter(database.db);
    const backoff = { name: 'test:backoff', limit: 2, windowSeconds: 60 };
    const at = (seconds: number) => new Date(Date.UTC(2026, 3, 1, 0, 0, seconds));
    const fail = async (seconds: number) => {
      expect(await limiter.enterBackoff([[backoff, 'a']], at(seconds))).toBe(0);
      await limiter.failed([[backoff, 'a']], at(seconds));
    };
    await fail(0);
    await fail(0);
    expect(await limiter.enterBackoff([[backoff, 'a']], at(0))).toBe(1);
    await fail(1);
    expect(await limiter.enterBackoff([[backoff, 'a']], at(2))).toBe(1);
    expect(await limiter.enterBackoff([[backoff, 'a']], at(3))).toBe(0);
    // That attempt succeeded: forgiven, the next mistakes are free again.
    await limiter.forgive(backoff, 'a');
    await fail(3);
    await fail(3);
    expect(await limiter.enterBackoff([[backoff, 'a']], at(3))).toBe(1);
    // A minute after the last attempt, the count is forgotten: two more are free.
    await fail(63);
    await fail(63);
    expect(await limiter.enterBackoff([[backoff, 'a']], at(63))).toBe(1);
  });

  it('lets parallel attempts through only as far as the free failures go', async () => {
    const limiter = createRateLimiter(database.db);
    const backoff = { name: 'test:parallel', limit: 3, windowSeconds: 60 };
    const now = new Date(Date.UTC(2026, 4, 1));
    const waits = await Promise.all(
      Array.from({ length: 10 }, () => limiter.enterBackoff([[backoff, 'p']], now)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
  });

  it('never holds back an attempt while no wait is due, whatever order clocks arrive in', async () => {
    // Two people behind one address sign in at once: the one that locks the row first read the
    // clock a moment later. No failure is past the free ones, so neither may be told to wait.
    const limiter = createRateLimiter(database.db);
    const backoff = { name: 'test:order', limit: 5, windowSeconds: 60 };
    const later = new Date(Date.UTC(2026, 5, 1, 0, 0, 0, 50));
    const earlier = new Date(Date.UTC(2026, 5, 1, 0, 0, 0, 0));
    expect(await limiter.enterBackoff([[backoff, 'ip']], later)).toBe(0);
    await limiter.failed([[backoff, 'ip']], later);
    expect(await limiter.enterBackoff([[backoff, 'ip']], earlier)).toBe(0);
    await limiter.refund(backoff, 'ip');
    expect(await limiter.enterBackoff([[backoff, 'ip']], earlier)).toBe(0);
  });

  it('prunes windows older than a day', async () => {
    const limiter = createRateLimiter(database.db);
    await limiter.consume(rule, 'old', new Date('2020-01-01T00:00:00Z'));
    expect(await pruneRateLimits(database.db, new Date('2026-03-01T00:00:00Z'))).toBeGreaterThan(0);
  });
});
