/**
 * Issue 13 item 3 across processes (decision 023): two API processes on one PostgreSQL server (a
 * private one, so the test may restart it). A sign-out on process A makes the session's access token
 * fail on process B within 5 s; and a session ended while B's listening connection was down (the
 * database restarting) is still refused by B once it has reconnected: B reloads what it missed; and
 * a listening connection that stops answering without closing (its backend frozen, as in a network
 * partition) is noticed, so B does not go on trusting what it was told.
 */
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { sessions } from '../../src/db/schema';
import { LISTENER_APPLICATION_NAME } from '../../src/platform/realtime/notifications';
import {
  createPrivatePostgres,
  type PrivatePostgres,
  privatePostgresUnavailable,
} from '../faults/private-postgres';
import {
  freePort,
  prepareServerState,
  type ServerProcess,
  type ServerState,
  startServer,
  waitFor,
} from '../faults/server-process';
import { createUser } from '../support/factories';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const unavailable = onPostgres ? privatePostgresUnavailable() : 'PostgreSQL only';

let postgres: PrivatePostgres | undefined;
let state: ServerState | undefined;
let apiA: ServerProcess | undefined;
let apiB: ServerProcess | undefined;

const email = 'revoked-everywhere@example.test';
const password = 'a long enough password 1';
/** Issue 13: "within 5 s on every API process". */
const WITHIN_MS = 5_000;

beforeAll(async () => {
  if (unavailable) return;
  postgres = await createPrivatePostgres();
  state = await prepareServerState({ serverUrl: postgres.url });
  const database = await state.openDb();
  try {
    await createUser(database.db, { role: 'brand', email, password });
  } finally {
    await database.close();
  }
  const shared = { PUBLIC_URL: `http://localhost:${state.port}`, PROCESS_ROLE: 'api' };
  const portB = await freePort();
  [apiA, apiB] = await Promise.all([
    startServer(state, { ...shared, PROCESS_NAME: 'apiA' }),
    // Info level on B: its log says when its listener reconnected and what it reloaded.
    startServer(state, { ...shared, PROCESS_NAME: 'apiB', LOG_LEVEL: 'info' }, { port: portB }),
  ]);
}, 180_000);
afterEach((context) => {
  if (context.task.result?.state === 'fail') console.error(apiB?.output());
});
afterAll(async () => {
  await Promise.all([apiA?.kill9(), apiB?.kill9()]);
  await state?.dispose().catch(() => undefined);
  await postgres?.dispose();
}, 120_000);

function started(process: ServerProcess | undefined): ServerProcess {
  if (!process) throw new Error('not started');
  return process;
}

interface Signed {
  refreshToken: string;
  sessionId: string;
  headers: { authorization: string };
}

async function signIn(url: string): Promise<Signed> {
  const response = await fetch(`${url}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const { session } = (await response.json()) as {
    session: { access_token: string; refresh_token: string };
  };
  return {
    refreshToken: session.refresh_token,
    sessionId: decodeJwt(session.access_token).sid as string,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
}

/** A brand's protected read: no session look-up of its own, only the token. */
const ownCampaigns = (url: string, signed: Signed) =>
  fetch(`${url}/api/brand/campaigns`, { headers: signed.headers }).then(
    (response) => response.status,
  );

/**
 * Asks `url` until it refuses the token with 401; throws when a request made 5 s or more after
 * `since` (the moment the change was answered) is not refused. Only a request made that late can
 * show the token outliving its 5 s: a slow machine stretches the polling, never the verdict.
 */
async function expectRefusedWithin(url: string, signed: Signed, since: number): Promise<void> {
  for (;;) {
    const askedAt = Date.now();
    const status = await ownCampaigns(url, signed);
    if (status === 401) return;
    if (askedAt - since >= WITHIN_MS) {
      throw new Error(`the token was still answered ${status} ${askedAt - since} ms later`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe.skipIf(unavailable)('access-token revocation across API processes', () => {
  it('a sign-out on process A makes the token fail on process B within 5 s', async () => {
    const { url: a } = started(apiA);
    const { url: b } = started(apiB);
    const [signed, other] = [await signIn(a), await signIn(b)];
    expect(await ownCampaigns(b, signed)).toBe(200);

    const out = await fetch(`${a}/api/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: signed.refreshToken }),
    });
    expect(out.status).toBe(204);
    // Signed out as far as the user can tell: from here, B has 5 s.
    await expectRefusedWithin(b, signed, Date.now());
    expect(await ownCampaigns(a, signed)).toBe(401);
    // The user's other session goes on, on both.
    expect(await ownCampaigns(a, other)).toBe(200);
    expect(await ownCampaigns(b, other)).toBe(200);
  });

  it('a process whose listener reconnects after a database restart knows what ended meanwhile', async () => {
    const server = started(apiB);
    const { url: b } = server;
    const db = postgres;
    if (!db || !state) throw new Error('not started');
    const [ended, kept] = [await signIn(b), await signIn(b)];
    expect(await ownCampaigns(b, ended)).toBe(200);
    const reopenedBefore = count(server.output(), 'notification connection re-opened');

    await db.stop();
    await waitFor(
      "B's listener to notice",
      async () => (server.output().includes('notification connection lost') ? true : undefined),
      30_000,
    );
    // Back, but on its Unix socket only: B (over TCP) cannot reconnect, however long this takes.
    await db.start({ socketOnly: true });
    const database = await openDatabase({ databaseUrl: db.overSocket(state.databaseUrl ?? '') });
    try {
      await database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, ended.sessionId));
    } finally {
      await database.close();
    }
    // B was not listening when the session ended: its notification is lost to B.
    expect(count(server.output(), 'notification connection re-opened')).toBe(reopenedBefore);
    // The database restarts as B knows it.
    await db.stop();
    await db.start();

    await waitFor(
      "B's listener to reconnect and reload",
      async () => {
        const log = server.output();
        return log.lastIndexOf('access revocations loaded') >
          log.lastIndexOf('notification connection re-opened') &&
          count(log, 'notification connection re-opened') > reopenedBefore
          ? true
          : undefined;
      },
      // Its retries double up to 30 s apart.
      90_000,
    );
    // Answered from what B reloaded (it is listening again): refused, and the other session is not.
    expect(await ownCampaigns(b, ended)).toBe(401);
    expect(await ownCampaigns(b, kept)).toBe(200);
  }, 180_000);

  it('a listening connection that stops answering is noticed: the token still fails within 5 s', async () => {
    const { url: b } = started(apiB);
    if (!state) throw new Error('not started');
    const [ended, kept] = [await signIn(b), await signIn(b)];
    expect(await ownCampaigns(b, ended)).toBe(200);
    const database = await state.openDb();
    let frozen: number[] = [];
    try {
      // Every API process's listening backend on this database stops answering, its socket open.
      // (After the restart above, A may still be waiting to retry its own: up to 30 s apart.)
      const listeners = await waitFor(
        "both processes' listening connections",
        async () => {
          const { rows } = await database.db.execute<{ pid: number }>(
            sql`select pid from pg_stat_activity
              where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
          );
          return rows.length >= 2 ? rows : undefined;
        },
        90_000,
      );
      frozen = listeners.map((row) => row.pid);
      expect(frozen.length).toBe(2);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');

      await database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, ended.sessionId));
      const endedAt = Date.now();
      // B's notification is stuck in a frozen backend: B must find out by itself.
      await expectRefusedWithin(b, ended, endedAt);
      expect(await ownCampaigns(b, kept)).toBe(200);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      await database.close();
    }
  }, 180_000);
});
