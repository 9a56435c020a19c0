import { createServer } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors';
import { registerErrorHandler } from './error-handler';

/** A port nothing listens on: connecting there is refused, as with a database that is down. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

let refused: Error;
const app = Fastify({ logger: false });

beforeAll(async () => {
  const pool = new pg.Pool({ connectionString: `postgres://x@127.0.0.1:${await closedPort()}/x` });
  refused = await pool.query('select 1').then(
    () => new Error('connected'),
    (error: Error) => error,
  );
  await pool.end();
  registerErrorHandler(app);
  app.get('/down', async () => {
    // As Drizzle throws it: its own error, the driver's as the cause.
    throw new Error('Failed query: select 1', { cause: refused });
  });
  app.get('/deadlock', async () => {
    throw new Error('Failed query: update …', {
      cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    });
  });
  app.get('/bug', async () => {
    throw Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('a database out of reach', () => {
  it('is told apart from a bug: refused, ended or shutting down, but not an SQL error', () => {
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('the database system is starting up'), {
          code: '57P03',
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('answers 503 with a clear message and Retry-After, while a bug stays a 500', async () => {
    const down = await app.inject('/down');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The service is briefly unavailable. Please try again in a moment.',
        requestId: expect.any(String),
      },
    });
    const deadlock = await app.inject('/deadlock');
    expect(deadlock.statusCode).toBe(503);
    expect(deadlock.headers['retry-after']).toBe('1');
    expect(deadlock.json()).toEqual({
      error: {
        code: 'busy',
        message: 'The server is busy. Please try again in a moment.',
        requestId: expect.any(String),
      },
    });
    const bug = await app.inject('/bug');
    expect(bug.statusCode).toBe(500);
    expect(bug.json().error.code).toBe('internal_error');
  });
});
