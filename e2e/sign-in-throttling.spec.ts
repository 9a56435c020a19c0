import { DEMO, DEMO_PASSWORD, signInThroughScreen } from './support/api';
import { expect, request as newRequest, type Page, test } from './support/test';

/** Decision 025: failures back off, and a browser that signed in before keeps its own allowance. */
const FREE_FAILURES = 10;
const OWNER = DEMO.brand;
const HOME = /\/brand\/dashboard$/;
/**
 * The stranger's wait the steps below happen in: long enough that no pause of a busy machine between
 * two steps outlasts it (a 1 s wait did, and the refusal turned into a pass).
 */
const LONG_WAIT_SECONDS = 16;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  test.setTimeout(180_000);
  // The owner's browser signs in once (it gets the device cookie), then signs out.
  await signInThroughScreen(page, OWNER);
  await expect(page).toHaveURL(HOME);
  await signOut(page);

  // A new browser, ready on the sign-in form.
  const newcomer = await (await browser.newContext()).newPage();
  await newcomer.goto('/auth');

  // A stranger (no cookies) guesses: free failures, then waits that double (1 s, 2 s, 4 s…). Like a
  // patient script it waits out each Retry-After, until the account's wait is LONG_WAIT_SECONDS.
  const stranger = await newRequest.newContext({ baseURL });
  const guess = (password: string) =>
    stranger.post('/api/auth/signin', { data: { email: OWNER, password } });
  for (let i = 0; i < FREE_FAILURES; i += 1) expect((await guess(`guess ${i}`)).status()).toBe(401);
  let failures = FREE_FAILURES;
  let waitedOut = false;
  for (;;) {
    const answer = await guess(`guess ${failures}`);
    if (answer.status() === 401) {
      failures += 1;
      waitedOut = false;
      continue;
    }
    // Once a wait is over the next guess is let through (and fails).
    expect(waitedOut, 'refused after its Retry-After').toBe(false);
    expect(answer.status()).toBe(429);
    // A backoff that doubles with each failure past the free ones, never a wall: 1 s after ten.
    const wait = Number(answer.headers()['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2 ** (failures - FREE_FAILURES));
    if (wait >= LONG_WAIT_SECONDS) break;
    await sleep(wait * 1000 + 100);
    waitedOut = true;
  }

  // The new browser, with the right password, is told how long to wait.
  const form = newcomer.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(OWNER);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    newcomer.getByText(/^Too many sign-in attempts\. Try again in \d+ (seconds?|minutes?)\.$/),
  ).toBeVisible();
  await expect(newcomer).toHaveURL(/\/auth/);

  // The owner's own browser is not held by the stranger's failures.
  await signInThroughScreen(page, OWNER);
  await expect(page).toHaveURL(HOME);

  // Once the wait is over the right password works anywhere (and forgives the stranger's count).
  await expect
    .poll(async () => (await guess(DEMO_PASSWORD)).status(), {
      intervals: [1000],
      timeout: (2 * LONG_WAIT_SECONDS + 30) * 1000,
    })
    .toBe(200);
  await newcomer.context().close();
  await stranger.dispose();
});
