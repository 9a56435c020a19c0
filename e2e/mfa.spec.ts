import { generate } from 'otplib';
import { accessToken, DEMO, signInThroughScreen, signUpVerified, unique } from './support/api';
import { type APIRequestContext, expect, type Page, test } from './support/test';

const PASSWORD = 'a good password';
/** RFC 6238's step: the server accepts one step either side of now. */
const TOTP_STEP_SECONDS = 30;

/** A fresh account with the role of an admin's invite, so the demo accounts keep no factors. */
async function createUser(request: APIRequestContext, role: 'creator' | 'brand' | 'viewer') {
  const token = await accessToken(request, DEMO.admin);
  const invite = await request.post('/api/admin/invites', {
    headers: { authorization: `Bearer ${token}` },
    data: { role, expiryDays: 1, count: 1 },
  });
  expect(invite.ok(), await invite.text()).toBeTruthy();
  const code = (await invite.json()).invites[0].code as string;
  const username = unique('mfa');
  const email = `${username}@example.com`;
  // Factors need a proven address (decision 022).
  await signUpVerified(request, { username, email, password: PASSWORD, role, inviteCode: code });
  return email;
}

async function signOut(page: Page) {
  const button = page.getByRole('button', { name: 'Sign out' });
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await button.click();
  // Home, or /auth when the page left was one that needs a session.
  await expect(page).toHaveURL(/\/(auth)?$/);
}

/** The recovery codes dialog: ten codes, a .txt download, and Done once they are saved. */
async function keepRecoveryCodes(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(dialog.getByText('Save these now.')).toBeVisible();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download .txt' }).click();
  expect((await download).suggestedFilename()).toMatch(/recovery-codes\.txt$/);
  await dialog.getByLabel('I have saved my recovery codes somewhere safe').check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

test('a creator turns on an authenticator app, then signs in with its code', async ({
  page,
  request,
}) => {
  const email = await createUser(request, 'creator');
  await signInThroughScreen(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/creator\/home$/);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card.getByText('Status: Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up' }).click();
  const naming = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await naming.getByLabel('Name').fill('Work phone');
  await naming.getByRole('button', { name: 'Continue' }).click();

  const scan = page.getByRole('dialog', { name: 'Scan the QR code' });
  await expect(scan.getByRole('img', { name: /QR code/ })).toBeVisible();
  const shown = await scan.getByRole('figure', { name: 'Setup key' }).locator('code').innerText();
  const secret = shown.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await scan.getByLabel('6-digit code').fill(await generate({ secret }));
  await scan.getByRole('button', { name: 'Verify and turn on' }).click();

  await keepRecoveryCodes(page);
  await expect(card.getByText('Status: On', { exact: true })).toBeVisible();
  await expect(card.getByText('Work phone')).toBeVisible();

  await signOut(page);
  await signInThroughScreen(page, email, PASSWORD);
  const code = page.getByLabel('6-digit code');
  await expect(code).toBeVisible();
  // Each code works once: the next step's code, which the server still accepts, is a fresh one.
  const nextStep = Math.floor(Date.now() / 1000) + TOTP_STEP_SECONDS;
  await code.fill(await generate({ secret, epoch: nextStep }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/creator\/home$/);
});

test('a brand adds a passkey, then signs in with it alone and as a second step', async ({
  page,
  request,
}) => {
  const cdp = await page.context().newCDPSession(page);
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

  const email = await createUser(request, 'brand');
  await signInThroughScreen(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/brand\/dashboard$/);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill('This laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // The account's first factor: its recovery codes come with it.
  await keepRecoveryCodes(page);
  await expect(card.getByText('This laptop')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Two-factor authentication' })
      .getByText('Status: On', { exact: true }),
  ).toBeVisible();

  await signOut(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/brand\/dashboard$/);

  await signOut(page);
  await signInThroughScreen(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/brand\/dashboard$/);
});
