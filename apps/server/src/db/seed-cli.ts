/**
 * `npm run db:seed`: resets the demo data on the configured database (DATABASE_URL, else PGlite in
 * DATA_DIR, resolved from the repository root like the server does) and prints the sign-ins.
 */
import { ConfigError, loadConfig } from '../config';
import { migrateDatabase, openDatabase } from './client';
import { seedDemoData } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.seedDemo) {
    throw new ConfigError(
      'Refusing to create demo accounts with a published password in production. Set SEED_DEMO=true to insist.',
    );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const accounts = await seedDemoData(database.db, { force: true });
    const where =
      database.driver === 'postgres' ? 'the PostgreSQL server' : `${config.dataDir}/pglite`;
    console.log(`Demo data reset in ${where}. Sign in with:`);
    for (const account of accounts) {
      console.log(
        `  ${account.role.padEnd(8)} ${account.email.padEnd(20)} password: ${account.password}`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
