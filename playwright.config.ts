import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys in the Chromium of Debian's `chromium` package: we never download a browser.
 * The server runs on its embedded defaults against a fresh data folder, serving the built web app.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/playwright',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1, the demo admin in most of them: the suite as a whole
      // would pass the per-IP limits meant for people (identity-provider sign-ins count every
      // attempt per IP). Password sign-in counts only failures per account (decision 025), so that
      // limit keeps its default: e2e/sign-in-throttling.spec.ts meets it. Tests of the limits
      // themselves run in the server suite.
      RATE_LIMITS: JSON.stringify({
        signInPerIp: 10_000,
        signUpPerIp: 1_000,
        joinPerIp: 1_000,
        refreshPerIp: 10_000,
        mfaPerUser: 1_000,
      }),
    },
  },
});
