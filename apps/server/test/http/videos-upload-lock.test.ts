/**
 * Two server processes on one PostgreSQL serve one upload (issue 4): tus's lock on an upload is a
 * PostgreSQL advisory lock, and a request that wants a locked upload asks the holder, in whichever
 * process, to let go. Only on a PostgreSQL server (TEST_DATABASE_URL); PGlite is one process.
 */

import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERRORS } from '@tus/server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import {
  createPostgresUploadLocker,
  type PostgresUploadLocker,
} from '../../src/modules/videos/upload-locker';
import { createRealtime, type Realtime } from '../../src/platform/realtime/notifications';
import { prepareServerState, type ServerState, waitFor } from '../faults/server-process';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { encodeMetadata, TUS } from '../support/tus';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const quiet = { warn() {}, info() {} };

/** One "process": its own connections, live events and upload locker. */
interface Process {
  database: DatabaseHandle;
  realtime: Realtime;
  locker: PostgresUploadLocker;
}

describe.skipIf(!onPostgres)('the upload lock across processes (PostgreSQL)', () => {
  let state: ServerState;
  let fixtures: VideoFixtures;
  const processes: Process[] = [];
  const apps: App[] = [];

  async function startProcess(acquireTimeoutMs?: number): Promise<Process> {
    const database = await openDatabase({ databaseUrl: state.databaseUrl });
    const realtime = createRealtime(database, quiet);
    const locker = await createPostgresUploadLocker({
      databaseUrl: state.databaseUrl ?? '',
      db: database.db,
      realtime,
      log: quiet,
      ...(acquireTimeoutMs ? { acquireTimeoutMs } : {}),
    });
    const started = { database, realtime, locker };
    processes.push(started);
    return started;
  }

  async function startApp(): Promise<App> {
    const database = await openDatabase({ databaseUrl: state.databaseUrl });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: state.dataDir,
      DATABASE_URL: state.databaseUrl,
      PORT: String(state.port),
    });
    const app = await buildApp({ config, database, logger: false });
    app.addHook('onClose', () => database.close());
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    [state, fixtures] = await Promise.all([prepareServerState(), makeVideoFixtures()]);
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const { locker, realtime, database } of processes) {
      await locker.close();
      await realtime.close();
      await database.close();
    }
    await state?.dispose();
  });

  it('makes a second process wait until the holder, asked to, lets go', async () => {
    const a = await startProcess();
    const b = await startProcess();
    const events: string[] = [];
    const holding = a.locker.newLock('upload-1');
    await holding.lock(new AbortController().signal, () => {
      events.push('a asked to let go');
      // As tus does: the request winds up, then unlocks.
      setTimeout(() => {
        events.push('a lets go');
        void holding.unlock();
      }, 300);
    });
    const waiting = b.locker.newLock('upload-1');
    await waiting.lock(new AbortController().signal, () => {});
    events.push('b has it');
    expect(events).toEqual(['a asked to let go', 'a lets go', 'b has it']);
    await waiting.unlock();
  });

  it('gives up after its timeout when the holder does not let go', async () => {
    const a = await startProcess();
    const b = await startProcess(600);
    const stubborn = a.locker.newLock('upload-2');
    await stubborn.lock(new AbortController().signal, () => {});
    await expect(
      b.locker.newLock('upload-2').lock(new AbortController().signal, () => {}),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await stubborn.unlock();
  });

  it('is free at once when the holding process dies', async () => {
    const a = await startProcess();
    const b = await startProcess(20_000);
    let askedToStop = false;
    const dying = a.locker.newLock('upload-3');
    await dying.lock(new AbortController().signal, () => {
      askedToStop = true;
    });
    // The holder's connection drops, as when its process is killed.
    const admin = new pg.Client({ connectionString: state.databaseUrl });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid() and database = (select oid from pg_database where datname = current_database())",
    );
    await admin.end();
    const started = Date.now();
    const taken = b.locker.newLock('upload-3');
    await taken.lock(new AbortController().signal, () => {});
    expect(Date.now() - started).toBeLessThan(5_000);
    await taken.unlock();
    // Had the process lived on with a lost connection, its request would have been stopped.
    expect(askedToStop).toBe(true);
    await dying.unlock();
  });

  it('lets a second app instance take over an upload whose PATCH stalls on the first', async () => {
    const first = await startApp();
    const second = await startApp();
    await first.listen({ host: '127.0.0.1', port: 0 });
    const { port } = first.server.address() as AddressInfo;
    const bytes = await readFile(fixtures.shortMp4);
    const half = Math.floor(bytes.length / 2);

    const created = await first.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...state.headers,
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': encodeMetadata({ title: 'Two servers' }),
      },
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;

    // A PATCH to the first instance sends half the file and then hangs (a phone in a tunnel).
    const stalled = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: location,
      headers: {
        ...state.headers,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    const ended = new Promise<string>((resolve) => {
      stalled.on('response', (response) => resolve(`answered ${response.statusCode}`));
      stalled.on('error', () => resolve('connection closed'));
    });
    stalled.write(bytes.subarray(0, half));
    const head = (app: App) =>
      app.inject({ method: 'HEAD', url: location, headers: { ...state.headers, ...TUS } });
    await waitFor('the first half to be stored', async () =>
      Number((await head(first)).headers['upload-offset']) === half ? true : undefined,
    );

    // The client resumes through the second instance: its HEAD asks the first to let go.
    const resumed = await head(second);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers['upload-offset']).toBe(String(half));
    expect(await ended).toMatch(/answered|closed/);
    stalled.destroy();

    const rest = await second.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...state.headers,
        ...TUS,
        'upload-offset': String(half),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes.subarray(half),
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().video).toMatchObject({ title: 'Two servers', status: 'processing' });
    await second.videoWorker.drain();
  }, 120_000);
});
