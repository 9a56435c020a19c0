/**
 * The phone factor in a real browser: a creator adds a phone on /account with the code
 * texted to the outbox, then signs in with a texted code.
 */

import {
  accessToken,
  DEMO,
  lastMail,
  signInThroughScreen,
  signUpVerified,
  unique,
} from './support/api';
import { type APIRequestContext, expect, type Page, test } from './support/test';

const PASSWORD = 'a good password';

async function createCreator(request: APIRequestContext) {
  const token = await accessToken(request, DEMO.admin);
  const invite = await request.post('/api/admin/invites', {
    headers: { authorization: `Bearer ${token}` },
    data: { role: 'creator', expiryDays: 1, count: 1 },
  });
  expect(invite.ok(), await invite.text()).toBeTruthy();
  const code = (await invite.json()).invites[0].code as string;
  const username = unique('phone');
  const email = `${username}@example.com`;
  // A phone factor needs a proven address (decision 022).
  await signUpVerified(request, {
    username,
    email,
    password: PASSWORD,
    role: 'creator',
    inviteCode: code,
  });
  return email;
}

/** The six digits of the newest text to `phone`, as an admin reads it in the outbox. */
async function textedCode(request: APIRequestContext, phone: string, after: Set<string>) {
  let code = '';
  // Each look signs in as the admin and waits for the outbox itself: on a busy machine that alone
  // can take seconds, so this wait is longer than expect.poll's default five.
  await expect
    .poll(
      async () => {
        const text = await lastMail(request, phone, 'sms');
        code = text.textBody.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code !== '' && !after.has(code);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  after.add(code);
  return code;
}

async function signOut(page: Page) {
  const button = page.getByRole('button', { name: 'Sign out' });
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await button.click();
  await expect(page).toHaveURL(/\/(auth)?$/);
}

test('a creator adds a phone with a texted code, then signs in with one', async ({
  page,
  request,
}) => {
  const email = await createCreator(request);
  // A new number per run: texts to one number are rate-limited. Every +44 74xx xxxxxx is a valid UK
  // mobile; +44 7911 followed by any six digits is not (about half were refused as invalid).
  const phone = `+4474${String(Date.now()).slice(-8)}`;
  const seen = new Set<string>();
  await signInThroughScreen(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/creator\/home$/);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Phone' });
  await card.getByRole('button', { name: 'Add a phone' }).click();
  await card.getByLabel('Mobile number').fill(phone);
  await card.getByRole('button', { name: 'Text me a code' }).click();
  await card.getByLabel('6-digit code').fill(await textedCode(request, phone, seen));
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone added')).toBeVisible();

  // The first factor brings the recovery codes, once.
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await dialog.getByLabel('I have saved my recovery codes somewhere safe').check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText(`Phone ${phone.slice(-4)}`)).toBeVisible();

  await signOut(page);
  await signInThroughScreen(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByText('We texted you a 6-digit code.')).toBeVisible();
  await page.getByLabel('6-digit code').fill(await textedCode(request, phone, seen));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/creator\/home$/);
});
