/**
 * Opens the database: embedded PGlite by default, a PostgreSQL server when a URL is given
 * (DESIGN.md §1). Both speak the same SQL, so the schema, migrations and queries are shared.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;

/** What the raw results of both drivers share (pg's QueryResult, PGlite's Results): the rows. */
export interface QueryResult<Row> {
  rows: Row[];
}

/** Types `db.execute(sql…)` as a QueryResult whichever driver runs it. */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryResult<this['row']>;
}

/**
 * The driver-neutral database. A transaction (`db.transaction(async (tx) => …)`) is one too, so a
 * query function taking a Database runs inside or outside a transaction alike.
 */
export type Database = PgDatabase<QueryResultHKT, Schema>;

interface HandleBase {
  db: Database;
  /** Resolves when the database answers a query; for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The raw client is there for what Drizzle does not wrap, such as LISTEN/NOTIFY. */
export type DatabaseHandle =
  | (HandleBase & { driver: 'pglite'; client: PGlite })
  | (HandleBase & { driver: 'postgres'; client: pg.Pool });

export interface OpenDatabaseOptions {
  /** postgres:// URL of a PostgreSQL server. When set, dataDir is ignored. */
  databaseUrl?: string | undefined;
  /** The app's DATA_DIR; PGlite keeps its files in `${dataDir}/pglite`. Unset: in memory. */
  dataDir?: string | undefined;
  /** Told when an idle pooled connection breaks; by default it is written to stderr. */
  onConnectionError?: (error: Error) => void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    // Without a listener an idle connection's error (a server restart) would crash the process; the
    // pool has already dropped that connection and opens a new one for the next query.
    pool.on(
      'error',
      options.onConnectionError ??
        ((error) => console.error('PostgreSQL connection lost:', error.message)),
    );
    // The pool listens to idle connections only. One that is checked out (inside a transaction,
    // between its statements) and ends with the server (a restart) emits 'error' with no listener:
    // an uncaught exception that ends the process. Its queries fail instead (answered 503), and the
    // pool drops it when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    return postgresHandle(pool);
  }
  if (!options.dataDir) return pgliteHandle(await PGlite.create());
  const folder = path.join(options.dataDir, 'pglite');
  await mkdir(folder, { recursive: true });
  return pgliteHandle(await PGlite.create(folder));
}

/** Wraps an open PGlite; the handle owns it from then on (close() closes it). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return { driver: 'pglite', client, db, ping: () => ping(db), close: () => client.close() };
}

/** Wraps a node-postgres pool; the handle owns it from then on (close() ends it). */
export function postgresHandle(pool: pg.Pool): DatabaseHandle {
  const db = drizzlePostgres({ client: pool, schema });
  return { driver: 'postgres', client: pool, db, ping: () => ping(db), close: () => pool.end() };
}

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Applies the committed migrations that the database has not seen yet. Safe to run on every start. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === 'pglite') {
    // One process owns a PGlite folder, so nothing can race this.
    await migratePglite(drizzlePglite({ client: handle.client }), config);
    return;
  }
  // Several API processes may start together against one server. Drizzle reads the applied
  // migrations before it opens its transaction, so two of them would both apply the same one: a
  // session-level advisory lock on one dedicated connection serialises them.
  const connection = await handle.client.connect();
  let healthy = false;
  try {
    await connection.query(`select pg_advisory_lock(hashtext('adreel.migrations'))`);
    await migratePostgres(drizzlePostgres({ client: connection }), config);
    await connection.query(`select pg_advisory_unlock(hashtext('adreel.migrations'))`);
    healthy = true;
  } finally {
    // A connection that failed part-way is closed rather than returned, which also frees its lock.
    connection.release(!healthy);
  }
}
