/**
 * `npm run keys:rotate`: makes a new access-token signing key the active one on the configured
 * database (DATABASE_URL, else PGlite in DATA_DIR — stop the server first there, PGlite is one
 * process) and retires the old one, which stays published until its tokens have expired (with
 * `--drop-retired`, for a compromised key: deleted at once, its tokens refused). Running
 * API processes pick the new key up within a minute, and at once when they meet a token it signed.
 * docs/operations.md "Rotating the JWT signing key".
 */
import { ConfigError, loadConfig } from '../config';
import { rotateSigningKey } from '../modules/auth/auth.keys';
import { migrateDatabase, openDatabase } from './client';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const dropRetired = process.argv.includes('--drop-retired');
    const { kid, retiredKid, deletedKids } = await rotateSigningKey(database.db, { dropRetired });
    console.log(`Signing key rotated: new key ${kid}.`);
    if (retiredKid) console.log(`Retired ${retiredKid}: published until its tokens have expired.`);
    if (deletedKids.length > 0) console.log(`Deleted retired keys: ${deletedKids.join(', ')}.`);
    console.log(`kid=${kid} retired=${retiredKid ?? ''} deleted=${deletedKids.length}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
