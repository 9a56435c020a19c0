/**
 * docs/operations.md's backup and restore, run exactly as written there (the `# runbook: backup`
 * and `# runbook: restore` blocks are read from the file), against the PostgreSQL server of
 * TEST_DATABASE_URL: a database with demo data and some activity is dumped, restored into a new
 * database, compared table by table, and a server on the restored copy signs a demo account in.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { migrateDatabase, openDatabase } from '../../src/db/client';
import { seedDemoData } from '../../src/db/seed';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverUrl = process.env.TEST_DATABASE_URL;

/** The shell block of docs/operations.md whose first line is `# runbook: <name>`. */
async function runbookBlock(name: string): Promise<string> {
  const doc = await readFile(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
  const blocks = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const block = blocks.find((text) => text.startsWith(`# runbook: ${name}\n`));
  if (!block) throw new Error(`docs/operations.md has no "# runbook: ${name}" block`);
  return block;
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname in ('public', 'drizzle') order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const result = await client.query<{ n: string }>(`select count(*) as n from ${name}`);
      counts[name] = Number(result.rows[0]?.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

const suffix = randomBytes(4).toString('hex');
const source = `adreel_backup_src_${suffix}`;
const restored = `adreel_backup_restored_${suffix}`;
let workDir: string;

describe.skipIf(!serverUrl)('backup and restore as docs/operations.md says (PostgreSQL)', () => {
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'adreel-runbook-'));
    await mkdir(path.join(workDir, 'web'));
    await writeFile(path.join(workDir, 'web/index.html'), '<!doctype html><title>Adreel</title>');
    await onServer(`create database "${source}"`);
  });
  afterAll(async () => {
    await onServer(`drop database if exists "${source}" with (force)`);
    await onServer(`drop database if exists "${restored}" with (force)`);
    await rm(workDir, { recursive: true, force: true });
  });

  it('restores every row into a new database that a server can run on', async () => {
    const database = await openDatabase({ databaseUrl: databaseUrl(source) });
    let accounts: Awaited<ReturnType<typeof seedDemoData>>;
    try {
      await migrateDatabase(database);
      accounts = await seedDemoData(database.db);
      // Activity beyond the seed: a session and a signing key come from a running server.
      const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: path.join(workDir, 'web') });
      const app = await buildApp({ config, database, logger: false });
      const admin = accounts.find((account) => account.role === 'admin');
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: admin?.email, password: admin?.password },
      });
      expect(signIn.statusCode).toBe(200);
      await app.close();
    } finally {
      await database.close();
    }
    const before = await rowCounts(databaseUrl(source));
    expect(before['public.users']).toBeGreaterThanOrEqual(4);
    expect(before['public.sessions']).toBeGreaterThanOrEqual(1);
    expect(before['drizzle.__drizzle_migrations']).toBeGreaterThan(0);

    const backupDir = path.join(workDir, 'backups');
    const env = { ...process.env, BACKUP_DIR: backupDir, DATA_DIR: path.join(workDir, 'data') };
    await run('bash', ['-euo', 'pipefail', '-c', await runbookBlock('backup')], {
      env: { ...env, DATABASE_URL: databaseUrl(source) },
    });

    const restore = await run('bash', ['-euo', 'pipefail', '-c', await runbookBlock('restore')], {
      env: {
        ...env,
        ADMIN_DATABASE_URL: serverUrl,
        RESTORE_DATABASE: restored,
        RESTORE_DATABASE_URL: databaseUrl(restored),
        BACKUP_FILE: path.join(backupDir, 'latest.dump'),
        DATA_DIR: path.join(workDir, 'restored-data'),
      },
    });
    // The runbook's own sanity check prints the migrations and the accounts.
    expect(restore.stdout.trim().split('\n')).toEqual([
      String(before['drizzle.__drizzle_migrations']),
      String(before['public.users']),
    ]);
    expect(await rowCounts(databaseUrl(restored))).toEqual(before);

    // A server on the restored copy: migrations are up to date, and the demo admin signs in.
    const copy = await openDatabase({ databaseUrl: databaseUrl(restored) });
    try {
      await migrateDatabase(copy);
      const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: path.join(workDir, 'web') });
      const app = await buildApp({ config, database: copy, logger: false });
      const admin = accounts.find((account) => account.role === 'admin');
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: admin?.email, password: admin?.password },
      });
      expect(signIn.statusCode).toBe(200);
      await app.close();
    } finally {
      await copy.close();
    }
  }, 120_000);
});
