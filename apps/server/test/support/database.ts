/**
 * A fresh, migrated database per test file (DESIGN.md §4, docs/decisions/002): in-memory PGlite by
 * default; with TEST_DATABASE_URL, a new database with a random name on that server, dropped again
 * by dispose().
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  type DatabaseHandle,
  MIGRATIONS_FOLDER,
  migrateDatabase,
  openDatabase,
  pgliteHandle,
} from '../../src/db/client';

export type TestDatabase = DatabaseHandle & { dispose(): Promise<void> };

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface TestDatabaseOptions {
  /** false: an empty database, for tests of the migrations themselves. Default true. */
  migrate?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createServerDatabase(serverUrl, migrate);
  if (!migrate) {
    const handle = pgliteHandle(await PGlite.create());
    return { ...handle, dispose: () => handle.close() };
  }
  return createPgliteDatabase();
}

async function createServerDatabase(serverUrl: string, migrate: boolean): Promise<TestDatabase> {
  const name = `adreel_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = () => onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    if (migrate) await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    await drop();
    throw error;
  }
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await drop();
    },
  };
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

/**
 * Starting PGlite runs initdb, about 2.5 s; loading a migrated data directory takes about 0.5 s. The
 * first test file to need one writes the snapshot, keyed by the migrations and the PGlite version,
 * and every later file (and run) loads it.
 */
async function createPgliteDatabase(): Promise<TestDatabase> {
  const cacheDir = path.join(REPO_ROOT, 'node_modules', '.cache', 'adreel-test-pglite');
  const snapshot = path.join(cacheDir, `snapshot-${await snapshotKey()}.tar`);
  const handle = (await loadSnapshot(snapshot)) ?? (await buildSnapshot(cacheDir, snapshot));
  // A no-op on a current snapshot; it keeps the guarantee that the schema is the committed one.
  await migrateDatabase(handle);
  return { ...handle, dispose: () => handle.close() };
}

async function loadSnapshot(file: string): Promise<DatabaseHandle | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return null;
  }
  try {
    // PGlite decides between tar and gzip by the blob's type.
    return pgliteHandle(
      await PGlite.create({ loadDataDir: new Blob([bytes], { type: 'application/x-tar' }) }),
    );
  } catch {
    return null;
  }
}

async function buildSnapshot(cacheDir: string, file: string): Promise<DatabaseHandle> {
  const client = await PGlite.create();
  const handle = pgliteHandle(client);
  await migrateDatabase(handle);
  const dump = await client.dumpDataDir('none');
  await mkdir(cacheDir, { recursive: true });
  for (const old of await readdir(cacheDir)) {
    // Only finished snapshots of other keys: a parallel file's partial write is not ours to delete.
    if (old.endsWith('.tar') && old !== path.basename(file))
      await rm(path.join(cacheDir, old), { force: true });
  }
  // Test files run in parallel: write aside and rename, so a reader never sees half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return handle;
}

async function snapshotKey(): Promise<string> {
  const digest = createHash('sha256');
  const pglitePackage = path.join(
    REPO_ROOT,
    'node_modules',
    '@electric-sql',
    'pglite',
    'package.json',
  );
  const { version } = JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string };
  digest.update(version);
  const files = await readdir(MIGRATIONS_FOLDER, { recursive: true });
  for (const name of files
    .filter((entry) => entry.endsWith('.sql') || entry.endsWith('.json'))
    .sort()) {
    digest.update(name);
    digest.update(await readFile(path.join(MIGRATIONS_FOLDER, name)));
  }
  return digest.digest('hex').slice(0, 16);
}
