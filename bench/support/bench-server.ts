/**
 * The server under test for bench:feed and bench:metrics, in a child process of its own so the load
 * generator does not share its event loop. The child opens the database (a fresh database on the
 * PostgreSQL server at BENCH_DATABASE_URL, default 127.0.0.1:5432, or in-memory PGlite with
 * BENCH_DB=pglite), migrates and seeds it, serves the real app on a free port, and answers the
 * parent's commands (run SQL through the driver, read figures back) over IPC.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import {
  type DatabaseHandle,
  migrateDatabase,
  openDatabase,
  pgliteHandle,
} from '../../apps/server/src/db/client';
import type { RevocationSwitch } from '../../apps/server/src/modules/auth/auth.revocations';
import type { RateLimitOverrides } from '../../apps/server/src/platform/rate-limit';

export type Driver = 'postgres' | 'pglite';

export const DRIVER: Driver = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Command = { id: number; name: string; args: unknown };
type Reply = { id: number; ok: boolean; value?: unknown; error?: string };

export interface ChildSetup {
  seed(handle: DatabaseHandle): Promise<void>;
  rateLimits?: RateLimitOverrides;
  /**
   * Runs the video worker in the server process, as main.ts does (bench:soak transcodes uploads
   * under load); the uploads and media then go to a throw-away DATA_DIR.
   */
  videoWorker?: boolean;
  /** bench:feed's signed-in case: the access-token revocation check, turned off and on by a command. */
  revocationSwitch?: RevocationSwitch;
  commands: Record<string, (handle: DatabaseHandle, args: unknown) => Promise<unknown>>;
  /** More configuration for the app (environment variable names, as loadConfig reads them). */
  env?: Record<string, string>;
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The resident set split as Linux counts it (/proc/self/status, bytes): anonymous memory (V8's heap
 * and everything malloc holds), file-backed pages (the node binary and libraries as they are
 * touched) and shared memory. Empty elsewhere.
 */
function residentKinds(): { rssAnon?: number; rssFile?: number; rssShmem?: number } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (field: string) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
      return match ? Number(match[1]) * 1024 : undefined;
    };
    return { rssAnon: kb('RssAnon'), rssFile: kb('RssFile'), rssShmem: kb('RssShmem') };
  } catch {
    return {};
  }
}

/** The child's side: call from the bench file when it runs with the `serve` argument. */
export async function serveChild(setup: ChildSetup): Promise<void> {
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (DRIVER === 'pglite') {
    handle = pgliteHandle(await PGlite.create());
  } else {
    const name = `adreel_bench_${randomBytes(5).toString('hex')}`;
    await onServer(`create database "${name}"`);
    if (process.env.BENCH_ASYNC_COMMIT === '1')
      await onServer(`alter database "${name}" set synchronous_commit = off`);
    drop = () => onServer(`drop database if exists "${name}" with (force)`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString() });
  }
  await migrateDatabase(handle);
  await setup.seed(handle);

  const web = mkdtempSync(path.join(tmpdir(), 'adreel-bench-web-'));
  const dataDir = setup.videoWorker ? mkdtempSync(path.join(tmpdir(), 'adreel-bench-data-')) : null;
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>bench</title>');
  // NODE_ENV=test keeps the demo seed and jobs out; the feed's micro-cache is then off unless the
  // bench asks for it (bench:feed measures the API with and without it).
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: web,
    LOG_LEVEL: 'error',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(process.env.BENCH_FEED_CACHE_MS ? { FEED_CACHE_MS: process.env.BENCH_FEED_CACHE_MS } : {}),
    ...setup.env,
  });
  const app = await buildApp({
    config,
    database: handle,
    logger: false,
    ...(setup.rateLimits ? { rateLimits: setup.rateLimits } : {}),
    ...(setup.revocationSwitch ? { revocationSwitch: setup.revocationSwitch } : {}),
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  if (setup.videoWorker) app.videoWorker.start();

  const send = (message: unknown) => process.send?.(message);
  process.on('message', async (message: Command) => {
    if (message.name === 'stop') {
      await app.close();
      await handle.close();
      await drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      send({ id: message.id, ok: true } satisfies Reply);
      process.exit(0);
    }
    if (message.name === 'cpu') {
      // The server process's own CPU time so far, to tell its cost per request from the machine's load.
      const usage = process.cpuUsage();
      send({ id: message.id, ok: true, value: (usage.user + usage.system) / 1000 } satisfies Reply);
      return;
    }
    if (message.name === 'memory') {
      // The server process's resident set and heap, in bytes (bench:soak samples it over the run).
      // With { gc: true } (a server started with exposeGc), first the collection V8 makes when
      // memory runs short: every unreachable object freed and the heap's empty pages given back, so
      // what stays resident is what the process holds, not where V8's heap happens to be in its
      // cycle of growing until the next collection. A leak (objects, buffers, native memory kept
      // alive, malloc fragmentation) stays.
      const { gc: collectFirst } = (message.args ?? {}) as { gc?: boolean };
      const gc = (globalThis as { gc?: (options: object) => void }).gc;
      let gcMs: number | null = null;
      if (collectFirst) {
        if (!gc) {
          const error = 'memory { gc: true } needs a bench server started with exposeGc';
          send({ id: message.id, ok: false, error } satisfies Reply);
          return;
        }
        const from = performance.now();
        gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
        gcMs = performance.now() - from;
      }
      const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
      send({
        id: message.id,
        ok: true,
        value: { rss, heapUsed, heapTotal, external, arrayBuffers, gcMs, ...residentKinds() },
      } satisfies Reply);
      return;
    }
    const command = setup.commands[message.name];
    try {
      if (!command) throw new Error(`unknown command ${message.name}`);
      send({
        id: message.id,
        ok: true,
        value: await command(handle, message.args),
      } satisfies Reply);
    } catch (error) {
      send({ id: message.id, ok: false, error: String(error) } satisfies Reply);
    }
  });
  send({ ready: true, url: address, driver: handle.driver });
}

export interface BenchServer {
  url: string;
  driver: Driver;
  call<T>(name: string, args?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** The parent's side: starts `script serve` and waits until it listens. */
export async function startBenchServer(
  script: string,
  options: {
    /**
     * Node's --expose-gc in the server process, for the `memory` command's { gc: true } (nothing
     * else changes: V8 collects as it would without it).
     */
    exposeGc?: boolean;
  } = {},
): Promise<BenchServer> {
  const child: ChildProcess = fork(script, ['serve'], {
    // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there (for finding its hot spots).
    execArgv: [
      '--import',
      'tsx',
      ...(options.exposeGc ? ['--expose-gc'] : []),
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  const ready = new Promise<{ url: string; driver: Driver }>((resolve, reject) => {
    child.on('message', (message: Reply | { ready: true; url: string; driver: Driver }) => {
      if ('ready' in message) return resolve(message);
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiter?.resolve(message.value);
      else waiter?.reject(new Error(message.error));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { url, driver } = await ready;
  const call = <T>(name: string, args?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, name, args } satisfies Command);
    });
  return {
    url,
    driver,
    call,
    async stop() {
      await call('stop').catch(() => undefined);
    },
  };
}

/** Latency percentiles of a list of milliseconds. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export const machine = () => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? null,
  node: process.version,
});

/**
 * Writes a bench's summary into bench/results/<name>.json under its database driver, keeping the
 * other driver's figures there, and prints it.
 */
export async function saveResult(name: string, driver: Driver, summary: object): Promise<void> {
  const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  const previous = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Record<string, unknown>)
    .catch(() => ({}));
  await writeFile(file, `${JSON.stringify({ ...previous, [driver]: summary }, null, 2)}\n`);
  console.log(JSON.stringify(summary, null, 2));
}
