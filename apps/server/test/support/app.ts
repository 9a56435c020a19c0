import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { RateLimitOverrides } from '../../src/platform/rate-limit';
import { createTestDatabase } from './database';

/** A tiny built web app, so tests can check how the server serves one without running Vite. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'adreel-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="application-name" content="Adreel"><title>Adreel</title></head><body><div id="root"><header><span class="wordmark" data-app-name="">Adreel</span></header></div></body></html>',
  );
  return dir;
}

export interface TestApp {
  app: App;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  close(): Promise<void>;
}

/** The whole app on a fresh database of its own (PGlite, or TEST_DATABASE_URL's server). */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: {
    rateLimits?: RateLimitOverrides;
    rateLimitClock?: () => Date;
    /** The clock impression tokens are issued and checked by (decision 030). */
    impressionClock?: () => Date;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: fakeWebBuild(), ...env });
  const app = await buildApp({ config, database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
