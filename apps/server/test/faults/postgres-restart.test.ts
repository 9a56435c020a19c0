/**
 * The database restarting under load (issue 8): the real server process runs on a PostgreSQL server
 * of the test's own while clients keep reading the feed, sending metrics and signing in; that server
 * is stopped and started again. While it is down requests fail with 503, a clear message and
 * Retry-After (never a 500, never a dropped connection) and /readyz says unavailable; once it is
 * back every request succeeds again, served by the same process: nobody restarted ours.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { isDatabaseUnavailable } from '../../src/platform/db-errors';
import { createUser, createVideo } from '../support/factories';
import {
  createPrivatePostgres,
  type PrivatePostgres,
  privatePostgresUnavailable,
} from './private-postgres';
import {
  prepareServerState,
  type ServerProcess,
  type ServerState,
  startServer,
  waitFor,
} from './server-process';

const unavailable = privatePostgresUnavailable();

let postgres: PrivatePostgres | undefined;
let state: ServerState | undefined;
let server: ServerProcess | undefined;
let videoId: string;
const email = 'restart@example.test';
const password = 'a long enough password 1';

beforeAll(async () => {
  if (unavailable) return;
  postgres = await createPrivatePostgres();
  state = await prepareServerState({ serverUrl: postgres.url });
  const database = await state.openDb();
  try {
    await createUser(database.db, { role: 'creator', email, password });
    videoId = (await createVideo(database.db, { creatorId: state.creator.id, status: 'approved' }))
      .id;
  } finally {
    await database.close();
  }
}, 120_000);
afterEach((context) => {
  // What our process said is the first thing to read when this fails.
  if (context.task.result?.state === 'fail') console.error(server?.output());
});
afterAll(async () => {
  await server?.kill9();
  await state?.dispose().catch(() => undefined);
  await postgres?.dispose();
});

type Kind = 'feed' | 'metrics' | 'signin' | 'readyz';

interface Outcome {
  kind: Kind;
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 0 when no answer came (the connection failed). */
  status: number;
  body: unknown;
  retryAfter: string | null;
}

async function call(url: string, kind: Kind): Promise<Outcome> {
  const startedAt = Date.now();
  const json = { 'content-type': 'application/json' };
  const request: Record<Kind, () => Promise<Response>> = {
    feed: () => fetch(`${url}/api/feed`),
    metrics: () =>
      fetch(`${url}/api/metrics`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          deviceId: randomUUID(),
          events: [{ action: 'increment', videoId, metricType: 'views', increment: 1 }],
        }),
      }),
    signin: () =>
      fetch(`${url}/api/auth/signin`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password }),
      }),
    readyz: () => fetch(`${url}/readyz`),
  };
  try {
    const response = await request[kind]();
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text for the failure message.
    }
    return {
      kind,
      startedAt,
      endedAt: Date.now(),
      status: response.status,
      body,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    return {
      kind,
      startedAt,
      endedAt: Date.now(),
      status: 0,
      body: `${String(error)} (${String((error as Error).cause)})`,
      retryAfter: null,
    };
  }
}

const ok = (o: Outcome) => o.status >= 200 && o.status < 300;

describe.skipIf(unavailable)(
  `PostgreSQL restarting under load${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('answers 503 with a clear message only while it is down, then recovers in the same process', async () => {
      if (!state || !postgres) throw new Error('not prepared');
      const url = state.url;
      server = await startServer(state, {
        // Sign-in is part of the load; its limits are not what this test is about.
        RATE_LIMITS: JSON.stringify({ signInPerAccount: 100_000, signInPerIp: 100_000 }),
      });
      const pid = server.child.pid;
      const outcomes: Outcome[] = [];
      let running = true;
      const kinds: Kind[] = ['feed', 'metrics', 'feed', 'signin', 'metrics', 'readyz'];
      const clients = Array.from({ length: 4 }, async (_, client) => {
        for (let i = client; running; i += 1) {
          const kind = kinds[i % kinds.length] ?? 'feed';
          outcomes.push(await call(url, kind));
          // A steady stream, not a flood: two shared cores.
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      });
      const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;

      await waitFor('load before the restart', async () =>
        count((o) => ok(o) && o.kind === 'signin') >= 2 && count(ok) >= 40 ? true : undefined,
      );
      const stoppingAt = Date.now();
      await postgres.stop();
      const stoppedAt = Date.now();
      await waitFor('requests to fail while it is down', async () =>
        new Set(outcomes.filter((o) => o.startedAt > stoppedAt && !ok(o)).map((o) => o.kind))
          .size === 4
          ? true
          : undefined,
      );
      // While down: not ready, and the other routes say why, with when to try again.
      const readyWhileDown = await call(url, 'readyz');
      expect(readyWhileDown).toMatchObject({ status: 503, body: { status: 'unavailable' } });
      const startingAt = Date.now();
      await postgres.start();
      const startedAt = Date.now();
      await waitFor('requests after the restart', async () =>
        (['feed', 'metrics', 'signin', 'readyz'] as const).every(
          (kind) => count((o) => o.kind === kind && o.startedAt > startedAt) >= 3,
        )
          ? true
          : undefined,
      );
      running = false;
      await Promise.all(clients);

      // Our process never went away: same pid, still running, and never dropped a request.
      expect(server.child.pid).toBe(pid);
      expect(server.child.exitCode).toBeNull();
      expect(outcomes.filter((o) => o.status === 0)).toEqual([]);
      expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);

      // Before the stop everything succeeded; after the start everything succeeds again.
      expect(outcomes.filter((o) => o.endedAt < stoppingAt && !ok(o))).toEqual([]);
      expect(outcomes.filter((o) => o.startedAt > startedAt && !ok(o))).toEqual([]);
      // Failures happened only around the outage, each a 503 saying so.
      const failures = outcomes.filter((o) => !ok(o));
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) {
        expect(failure.endedAt).toBeGreaterThanOrEqual(stoppingAt);
        expect(failure.startedAt).toBeLessThanOrEqual(startedAt);
        expect(failure.status).toBe(503);
        if (failure.kind === 'readyz') {
          expect(failure.body).toEqual({ status: 'unavailable' });
        } else {
          expect(failure.body).toEqual({
            error: {
              code: 'service_unavailable',
              message: 'The service is briefly unavailable. Please try again in a moment.',
              requestId: expect.any(String),
            },
          });
          expect(Number(failure.retryAfter)).toBeGreaterThan(0);
        }
      }
      // Requests made entirely while it was down all failed.
      const whileDown = outcomes.filter((o) => o.startedAt > stoppedAt && o.endedAt < startingAt);
      expect(whileDown.length).toBeGreaterThan(0);
      expect(whileDown.filter(ok)).toEqual([]);
      console.info(
        `postgres restart: ${outcomes.length} requests, ${failures.length} failed with 503 over ${startedAt - stoppingAt} ms down`,
      );
    }, 120_000);

    it('survives its connection ending inside a transaction: the transaction fails as unavailable', async () => {
      if (!state?.databaseUrl || !postgres) throw new Error('not prepared');
      const database = await openDatabase({
        databaseUrl: state.databaseUrl,
        onConnectionError: () => undefined,
      });
      try {
        let entered: () => void = () => undefined;
        const inside = new Promise<void>((resolve) => {
          entered = resolve;
        });
        let proceed: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => {
          proceed = resolve;
        });
        // Checked out, between two statements, when the server goes away: without a listener of
        // its own, its connection's 'error' is uncaught and ends the process (here: vitest's).
        const transaction = database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          entered();
          await gate;
          await tx.execute(sql`select 1`);
        });
        const failed = transaction.then(
          () => null,
          (error: unknown) => error,
        );
        await inside;
        await postgres.stop();
        proceed();
        const error = await failed;
        expect(error).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(error)).toBe(true);
        await postgres.start();
        await waitFor('the pool to connect again', () =>
          database.ping().then(
            () => true,
            () => undefined,
          ),
        );
      } finally {
        await database.close();
      }
    }, 60_000);
  },
);
