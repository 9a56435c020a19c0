/**
 * Whoever proves the mailbox ends up the only one with the account, in a real browser
 * (decision 022): a squatter signs up first with a whitelisted address and cannot add a passkey
 * while the address is unproven; the owner opens the mailed link in their own browser, chooses a
 * password, adds a passkey with Chromium's virtual authenticator and signs in with it; the
 * squatter's session is gone.
 */

import { accessToken, DEMO, linkInMail, signInThroughScreen, unique } from './support/api';
import { type BrowserContext, expect, type Page, test } from './support/test';

const SQUATTER_PASSWORD = 'squatter password';
const OWNER_PASSWORD = 'owner password';

async function signOut(page: Page) {
  const button = page.getByRole('button', { name: 'Sign out' });
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await button.click();
  await expect(page).toHaveURL(/\/(auth)?$/);
}

async function keepRecoveryCodes(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(dialog.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
  await dialog.getByLabel('I have saved my recovery codes somewhere safe').check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

async function withVirtualAuthenticator(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

test('a squatter gets nothing from a whitelisted address; the owner proves it and alone signs in with a passkey', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = `${unique('owner')}@example.com`;
  const admin = await accessToken(request, DEMO.admin);
  const listed = await request.post('/api/admin/whitelist', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email: owner, role: 'brand' },
  });
  expect(listed.status(), await listed.text()).toBe(201);

  // The squatter signs up first with the owner's address, in a browser with an authenticator.
  const squatterContext = await browser.newContext();
  const squatter = await withVirtualAuthenticator(squatterContext);
  await squatter.goto('/auth?tab=signup');
  const form = squatter.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Username').fill(unique('official'));
  await form.getByLabel('Display name').fill('Official Support');
  await form.getByLabel('Email').fill(owner);
  await form.getByLabel('Password', { exact: true }).fill(SQUATTER_PASSWORD);
  await form.getByRole('button', { name: /Create account/ }).click();
  await expect(squatter.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // Signed in with the password they chose: a viewer, and no passkey can be added.
  await signInThroughScreen(squatter, owner, SQUATTER_PASSWORD);
  await expect(squatter).toHaveURL(/\/feed$/);
  await squatter.goto('/account');
  const squattersPasskeys = squatter.getByRole('region', { name: 'Passkeys' });
  await expect(squattersPasskeys.getByText(/Verify your email address first/)).toBeVisible();
  await expect(squattersPasskeys.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);

  // The owner opens the verification link in their own browser and chooses a password.
  const ownerContext = await browser.newContext();
  const page = await withVirtualAuthenticator(ownerContext);
  await page.goto(await linkInMail(request, owner, 'verify_email'));
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await page.getByLabel('Username').fill(unique('rightful'));
  await page.getByLabel('New password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByLabel('Confirm new password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  // The whitelisted role arrives with the proof, for the owner.
  await expect(page).toHaveURL(/\/brand\/dashboard$/);

  await page.goto('/account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill('Owner laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await keepRecoveryCodes(page);
  await expect(passkeys.getByText('Owner laptop')).toBeVisible();

  await signOut(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/brand\/dashboard$/);

  // The squatter's session is gone, and so is the password they chose.
  await squatter.reload();
  await expect(squatter).toHaveURL(/\/auth/);
  await signInThroughScreen(squatter, owner, SQUATTER_PASSWORD);
  await expect(squatter.getByText('Invalid email or password').first()).toBeVisible();
  await expect(squatter).toHaveURL(/\/auth/);

  await squatterContext.close();
  await ownerContext.close();
});
