import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';

async function appliedMigrations(database: TestDatabase): Promise<unknown[]> {
  const result = await database.db.execute(
    sql`select hash from drizzle.__drizzle_migrations order by id`,
  );
  return result.rows;
}

/** Every table the Drizzle schema declares: the migrations must have created each of them. */
function schemaTableNames(): string[] {
  const names: string[] = [];
  for (const value of Object.values(schema) as unknown[]) {
    if (is(value, PgTable)) names.push(getTableName(value));
  }
  return names.sort();
}

function committedMigrations(): unknown[] {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  );
  return journal.entries;
}

describe('migrations on an empty database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    await migrateDatabase(database);
  });
  afterAll(() => database.dispose());

  it('create every table of the schema', async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(result.rows.map((row) => row.table_name)).toEqual(schemaTableNames());
  });

  it('apply again on every restart without error or change', async () => {
    const before = await appliedMigrations(database);
    await migrateDatabase(database);
    await migrateDatabase(database);
    expect(await appliedMigrations(database)).toEqual(before);
  });

  it('leave ids to the database (gen_random_uuid needs no extension)', async () => {
    const result = await database.db.execute<{ id: string }>(sql`select gen_random_uuid() as id`);
    expect(result.rows[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
  });
});

// Only a server has several processes; PGlite belongs to one.
describe.runIf(process.env.TEST_DATABASE_URL)('migrations on a shared PostgreSQL server', () => {
  it('apply once when several processes start at the same moment', async () => {
    const database = await createTestDatabase({ migrate: false });
    const { rows } = await database.db.execute<{ name: string }>(
      sql`select current_database() as name`,
    );
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${rows[0]?.name}`;
    // A pool each stands in for a process each.
    const others = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })),
    );
    try {
      await Promise.all([database, ...others].map((handle) => migrateDatabase(handle)));
      expect(await appliedMigrations(database)).toHaveLength(committedMigrations().length);
    } finally {
      await Promise.all(others.map((handle) => handle.close()));
      await database.dispose();
    }
  });
});
