/**
 * The real server as a child process, for fault tests: `node --import tsx src/main.ts` (as
 * e2e/support/start-server.mjs runs it) on its own data folder, port and database (PGlite in the data
 * folder, or a fresh database on TEST_DATABASE_URL's server), so it can be killed with SIGKILL and
 * started again on the same state.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../../src/config';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../../src/db/client';
import { type AuthHeaders, signInAs } from '../support/auth';
import { createUser, type TestUser } from '../support/factories';

/** A port nobody listens on now; the server takes it again after each restart. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ServerState {
  dataDir: string;
  port: number;
  url: string;
  /** Set on PostgreSQL; PGlite lives in dataDir. */
  databaseUrl: string | undefined;
  /** Opens the server's database; only while no server process has it open (PGlite). */
  openDb(): Promise<DatabaseHandle>;
  /** A creator made before the server starts, and its request headers. */
  creator: TestUser;
  headers: AuthHeaders;
  dispose(): Promise<void>;
}

export interface PrepareOptions {
  /** The PostgreSQL server to make the database on; default TEST_DATABASE_URL, else PGlite. */
  serverUrl?: string | undefined;
}

/** A migrated database with a signed-in creator, a data folder and a port for the server. */
export async function prepareServerState(options: PrepareOptions = {}): Promise<ServerState> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-fault-'));
  const port = await freePort();
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `adreel_fault_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  }
  const openDb = () => openDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : dataDir });
  const database = await openDb();
  let creator: TestUser;
  let headers: AuthHeaders;
  try {
    await migrateDatabase(database);
    creator = await createUser(database.db, { role: 'creator' });
    // Signed with the key the server will load from this database, for its issuer.
    headers = await signInAs({ database }, creator, { env: { PORT: String(port) } });
  } finally {
    await database.close();
  }
  return {
    dataDir,
    port,
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    openDb,
    creator,
    headers,
    async dispose() {
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<its port> */
  url: string;
  /** What the process printed, for a failing test's message. */
  output(): string;
  /** SIGKILL to the server and everything it started (ffmpeg), as a crash would. */
  kill9(): Promise<void>;
  /** SIGTERM: a graceful stop. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Polls `check` until it returns a value other than undefined; throws after `timeoutMs` or when
 * `check` throws. Generous by default: two shared cores may be busy with other test files.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export interface StartOptions {
  /** Another port than the state's: a second process on the same database and data folder. */
  port?: number;
}

/** Starts the server on `state` and waits until it answers /readyz. */
export async function startServer(
  state: ServerState,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? state.port;
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    // Its own process group: kill9 reaches the ffmpeg it runs too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: state.dataDir,
      DATABASE_URL: state.databaseUrl ?? '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(state.dataDir, 'no-web-build'),
      ...env,
    },
  });
  const keep = (chunk: Buffer) => {
    log = `${log}${chunk.toString()}`.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
    await exited(child);
  };
  const server: ServerProcess = {
    child,
    url,
    output: () => log,
    kill9: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
  try {
    await waitFor('the server to be ready', async () => {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
      const response = await fetch(`${url}/readyz`).catch(() => null);
      return response?.ok ? true : undefined;
    });
  } catch (error) {
    await server.kill9();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return server;
}
