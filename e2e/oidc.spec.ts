/**
 * Sign-in through an OpenID Connect provider in a real browser (issue 7): a provider started in this
 * file (oauth2-mock-server) and an app server of its own that trusts it, so the suite's default
 * server stays as it is. The person signs in with "Continue with Test ID", sets a password on
 * /account, unlinks the identity and signs in with the password.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { accessToken, DEMO, signInThroughScreen, unique } from './support/api';

// Each engineer's run has its own E2E_PORT; this file's server sits 400 above it.
const port = Number(process.env.E2E_PORT ?? 3100) + 400;
const baseURL = `http://localhost:${port}`;
const PASSWORD = 'my own password';

let provider: OAuth2Server;
let server: ChildProcess;
let claims: Record<string, unknown> = {};

test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, 'localhost');
  provider.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, claims);
  });
  const issuer = provider.issuer.url ?? '';
  server = spawn(process.execPath, ['e2e/support/start-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'test', name: 'Test ID', issuer, clientId: 'adreel-e2e', clientSecret: 'e2e' },
      ]),
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/readyz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 110_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await provider?.stop();
});

test('a whitelisted person signs in through the provider, sets a password, unlinks the provider and signs in with the password', async ({
  page,
  request,
}) => {
  const username = unique('oidc');
  const email = `${username}@example.com`;
  claims = {
    sub: `e2e-${username}`,
    email,
    email_verified: true,
    name: 'Olive Idc',
    preferred_username: username,
  };
  const admin = await accessToken(request, DEMO.admin);
  const listed = await request.post('/api/admin/whitelist', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email, role: 'creator' },
  });
  expect(listed.ok(), await listed.text()).toBeTruthy();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Test ID' }).click();
  // Provider, callback, exchange: the whitelist's role decides where the person lands.
  await expect(page).toHaveURL(/\/creator\/home$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();

  await page.goto('/account');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByText('Test ID')).toBeVisible();
  await expect(methods.getByText(email)).toBeVisible();
  await expect(methods.getByText('Not set')).toBeVisible();

  // The only way in cannot go.
  await methods.getByRole('button', { name: 'Unlink' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(
    page.getByText(
      'This is your only way to sign in. Set a password or add a passkey before unlinking it.',
    ),
  ).toBeVisible();

  await methods.getByRole('button', { name: 'Set password' }).click();
  await methods.getByLabel('New password').fill(PASSWORD);
  await methods.getByLabel('Confirm password').fill(PASSWORD);
  await methods.getByRole('button', { name: 'Set password' }).click();
  await expect(
    page.getByText('Your password is set. You can now sign in with it too.'),
  ).toBeVisible();
  await expect(methods.getByText('Set', { exact: true })).toBeVisible();

  await methods.getByRole('button', { name: 'Unlink' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Test ID unlinked')).toBeVisible();
  await expect(methods.getByText(email)).toBeHidden();

  // A fresh browser: the password alone signs in now.
  await page.context().clearCookies();
  await signInThroughScreen(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/creator\/home$/);
});

test('an address neither whitelisted nor invited is told about the private beta and sent to /join', async ({
  page,
}) => {
  const username = unique('stranger');
  claims = { sub: `e2e-${username}`, email: `${username}@example.com`, email_verified: true };
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Test ID' }).click();
  await expect(
    page.getByText('Adreel is in private beta. Request access at /join or use an invite code.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/join$/);
});
