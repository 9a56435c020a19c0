/// <reference path="../apps/server/test/http/oidc-provider.d.ts" />
/**
 * Sign-in through an OpenID Connect provider in a real browser: panva's
 * certified `oidc-provider` with its defaults, started in this file (its ID token carries only sub;
 * email comes from UserInfo; its client authenticates with client_secret_basic; its own
 * development login and consent pages), and an app server of its own that trusts it, so the
 * suite's default server stays as it is. The person signs in with "Continue with Test ID", sets a
 * password on /account, unlinks the identity, is not linked again by email, signs in with the
 * password and links the provider from /account; a cancelled consent says so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { accessToken, DEMO, signInThroughScreen, unique } from './support/api';
import { expect, type Page, test } from './support/test';

// Each engineer's run has its own E2E_PORT; this file's server sits 400 above it.
const port = Number(process.env.E2E_PORT ?? 3100) + 400;
const baseURL = `http://localhost:${port}`;
const PASSWORD = 'my own password';

let providerServer: Server;
let issuer = '';
let server: ChildProcess;
/** The people with an account at the provider, by the login typed on its sign-in page. */
const accounts = new Map<string, Record<string, unknown>>();

test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  providerServer = createServer();
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://localhost:${(providerServer.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'adreel-e2e',
        client_secret: 'a-long-enough-client-secret-for-e2e',
        redirect_uris: [`${baseURL}/api/auth/callback`],
      },
    ],
    claims: { email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    async findAccount(_ctx: unknown, sub: string) {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
  });
  providerServer.on('request', provider.callback());
  server = spawn(process.execPath, ['e2e/support/start-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'test',
          name: 'Test ID',
          issuer,
          clientId: 'adreel-e2e',
          clientSecret: 'a-long-enough-client-secret-for-e2e',
        },
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
  providerServer?.closeAllConnections();
  await new Promise((resolve) => providerServer?.close(resolve));
});

/** A person at the provider with a verified address. */
function personAtProvider(prefix: string) {
  const username = unique(prefix);
  const email = `${username}@example.com`;
  accounts.set(username, {
    email,
    email_verified: true,
    name: 'Olive Idc',
    preferred_username: username,
  });
  return { login: username, email };
}

/**
 * The provider's own pages: sign in as `login` and consent (or cancel), as far as it asks; a person
 * still signed in there who consented before is sent straight back.
 */
async function atProvider(page: Page, login: string, choice: 'consent' | 'cancel' = 'consent') {
  const loginField = page.locator('input[name="login"]');
  const consent = page.getByRole('button', { name: 'Continue' });
  const atIssuer = () => page.url().startsWith(issuer);
  await expect
    .poll(async () => (atIssuer() ? await loginField.or(consent).isVisible() : true))
    .toBe(true);
  if (!atIssuer()) return;
  if (await loginField.isVisible()) {
    await loginField.fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }
  if (choice === 'cancel') {
    await expect(consent).toBeVisible();
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
  } else await consent.click();
}

test('a whitelisted person signs in through the provider, sets a password, unlinks it, is not linked again by email, and links it from /account', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const person = personAtProvider('oidc');
  const admin = await accessToken(request, DEMO.admin);
  const listed = await request.post('/api/admin/whitelist', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email: person.email, role: 'creator' },
  });
  expect(listed.ok(), await listed.text()).toBeTruthy();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Test ID' }).click();
  await atProvider(page, person.login);
  // Provider, callback, exchange: the whitelist's role decides where the person lands.
  await expect(page).toHaveURL(/\/creator\/home$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();

  await page.goto('/account');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByText('Test ID')).toBeVisible();
  await expect(methods.getByText(person.email)).toBeVisible();
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
  await expect(methods.getByText(person.email)).toBeHidden();

  // A fresh browser: the provider alone no longer signs in (the unlink lasts)...
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Test ID' }).click();
  await atProvider(page, person.login);
  await expect(
    page.getByText(
      'An account with this email already exists. Sign in with your password or passkey, then link Test ID on your account page.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // ...the password does, and the owner links the provider again from /account.
  await signInThroughScreen(page, person.email, PASSWORD);
  await expect(page).toHaveURL(/\/creator\/home$/);
  await page.goto('/account');
  await methods.getByRole('button', { name: 'Link' }).click();
  await atProvider(page, person.login);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Test ID is linked. You can now sign in with it.')).toBeVisible();
  await expect(methods.getByText(person.email)).toBeVisible();
  await expect(methods.getByRole('button', { name: 'Unlink' })).toBeVisible();
});

test('an address neither whitelisted nor invited is told about the private beta and sent to /join', async ({
  page,
}) => {
  const person = personAtProvider('stranger');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Test ID' }).click();
  await atProvider(page, person.login);
  await expect(
    page.getByText('Adreel is in private beta. Request access at /join or use an invite code.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/join$/);
});

test('cancelling at the provider says so', async ({ page }) => {
  const person = personAtProvider('cancel');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Test ID' }).click();
  await atProvider(page, person.login, 'cancel');
  await expect(
    page.getByText('You cancelled signing in with Test ID. Nothing was changed.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});
