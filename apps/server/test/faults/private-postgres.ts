/**
 * A PostgreSQL 15 server of the test's own (initdb in a temporary folder, its own port and socket),
 * so a test may stop and start it without touching the shared server other test files use.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

const BIN = '/usr/lib/postgresql/15/bin';
const INITDB = path.join(BIN, 'initdb');
const PG_CTL = path.join(BIN, 'pg_ctl');

/** Why a private server cannot be made here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!existsSync(INITDB) || !existsSync(PG_CTL))
    return `PostgreSQL 15's initdb and pg_ctl are not installed at ${BIN}`;
  if (userInfo().uid === 0 && !existsSync('/usr/sbin/runuser'))
    return 'running as root without runuser to start PostgreSQL as the postgres user';
  return null;
}

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `databaseUrl` (one of this server's) over the Unix socket instead of TCP. */
  overSocket(databaseUrl: string): string;
  /**
   * `socketOnly`: no TCP, so clients of `url` (the servers under test) cannot connect while the test
   * still can through `overSocket`.
   */
  start(options?: { socketOnly?: boolean }): Promise<void>;
  /** A fast shutdown: open sessions are ended, as in a restart for maintenance. */
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const folder = await mkdtemp(path.join(tmpdir(), 'adreel-pg-'));
  const dataDir = path.join(folder, 'data');
  const asRoot = userInfo().uid === 0;
  // PostgreSQL refuses to run as root: as root, the folder is the postgres user's and it runs as them.
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(folder, 0o700);
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  await as(INITDB, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = (listen: string) =>
    `-p ${port} -k ${folder} -c listen_addresses=${listen} -c fsync=off`;
  const ctl = (args: string[]) =>
    as(PG_CTL, ['-D', dataDir, '-l', path.join(folder, 'log'), ...args]);
  const server: PrivatePostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    overSocket: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.searchParams.set('host', folder);
      return url.toString();
    },
    start: async ({ socketOnly = false } = {}) => {
      await ctl(['-o', options(socketOnly ? "''" : '127.0.0.1'), '-w', 'start']);
    },
    stop: async () => {
      await ctl(['-m', 'fast', '-w', 'stop']);
    },
    dispose: async () => {
      await ctl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
