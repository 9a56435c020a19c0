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

  it('prunes windows older than a day', async () => {
    const limiter = createRateLimiter(database.db);
    await limiter.consume(rule, 'old', new Date('2020-01-01T00:00:00Z'));
    expect(await pruneRateLimits(database.db, new Date('2026-03-01T00:00:00Z'))).toBeGreaterThan(0);
  });
});
