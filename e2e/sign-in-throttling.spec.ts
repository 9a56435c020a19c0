import { expect, request as newRequest, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signInThroughScreen } from './support/api';

/** Decision 025: failures back off, and a browser that signed in before keeps its own allowance. */
const FREE_FAILURES = 10;
const OWNER = DEMO.brand;
const HOME = /\/brand\/dashboard$/;

async function signOut(page: Page) {
  const button = page.getByRole('button', { name: 'Sign out' });
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await button.click();
  await expect(page).toHaveURL(/\/(auth)?$/);
}

test("a stranger's wrong passwords slow down new browsers but not the owner's own, and the wait ends", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // The owner's browser signs in once (it gets the device cookie), then signs out.
  await signInThroughScreen(page, OWNER);
  await expect(page).toHaveURL(HOME);
  await signOut(page);

  // A new browser, ready on the sign-in form.
  const newcomer = await (await browser.newContext()).newPage();
  await newcomer.goto('/auth');

  // A stranger (no cookies) guesses: free failures, then 1 s and 2 s waits, leaving a 4 s one.
  const stranger = await newRequest.newContext({ baseURL });
  const guess = (password: string) =>
    stranger.post('/api/auth/signin', { data: { email: OWNER, password } });
  for (let i = 0; i < FREE_FAILURES; i += 1) expect((await guess(`guess ${i}`)).status()).toBe(401);
  const refused = await guess('another guess');
  expect(refused.status()).toBe(429);
  expect(refused.headers()['retry-after']).toBe('1');
  for (const wait of [1, 2]) {
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    expect((await guess(`after ${wait} s`)).status()).toBe(401);
  }

  // The new browser, with the right password, is told how long to wait.
  const form = newcomer.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(OWNER);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    newcomer.getByText(/^Too many sign-in attempts\. Try again in \d seconds?\.$/),
  ).toBeVisible();
  await expect(newcomer).toHaveURL(/\/auth/);

  // The owner's own browser is not held by the stranger's failures.
  await signInThroughScreen(page, OWNER);
  await expect(page).toHaveURL(HOME);

  // Once the wait is over the right password works anywhere (and forgives the stranger's count).
  await expect
    .poll(async () => (await guess(DEMO_PASSWORD)).status(), { intervals: [1000], timeout: 10_000 })
    .toBe(200);
  await newcomer.context().close();
  await stranger.dispose();
});
