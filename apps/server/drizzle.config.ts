import { defineConfig } from 'drizzle-kit';

// Column names are spelled out in snake_case in the schema, so no `casing` option is needed here or
// at run time: the SQL names are what the schema says, for drizzle-kit, the app and raw SQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
