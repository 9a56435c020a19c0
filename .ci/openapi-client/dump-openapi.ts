/**
 * Writes the OpenAPI document /api/docs serves (as JSON) to the path given, from an app on an
 * in-memory database: what a client generator reads. Run by .ci/openapi-client-check.sh.
 */
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrateDatabase, openDatabase } from '../../apps/server/src/db/client';

const out = process.argv[2];
if (!out) throw new Error('usage: dump-openapi.ts OUT.json');
const database = await openDatabase({});
await migrateDatabase(database);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', API_DOCS: 'true' }),
  database,
  logger: false,
});
await app.ready();
await writeFile(out, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();
