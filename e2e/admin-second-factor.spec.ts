import { generate } from 'otplib';
import { accessToken, DEMO, signInThroughScreen, signUpVerified, unique } from './support/api';
import { expect, test } from './support/test';

const PASSWORD = 'a good password';
const TOTP_STEP_SECONDS = 30;

/**
 * An admin signed in on one device adds an authenticator app on another; back on the first, the
 * admin tools ask to confirm it first, and the code opens them.
 */
test('an admin session that has not used the new second factor confirms it before the admin tools', async ({
  page,
  request,
}) => {
  // A second admin: whitelisted as one, signed up, and verified (the demo admin keeps no factor).
  const adminToken = await accessToken(request, DEMO.admin);
  const username = unique('admin');
  const email = `${username}@example.com`;
  const listed = await request.post('/api/admin/whitelist', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { email, role: 'admin' },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  // Signed up and verified into the role (the whitelist's admin role waits for a proven address).
  await signUpVerified(request, { username, email, password: PASSWORD, role: 'viewer' });

  // Device one: signed in with the password, before any factor exists.
  await signInThroughScreen(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('tab', { name: /Pending Videos/ })).toBeVisible();

  // Device two: the same admin adds an authenticator app (that session passes it).
  const token = await accessToken(request, email, PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const enrol = await request.post('/api/factors', { headers, data: { factor_type: 'totp' } });
  expect(enrol.ok(), await enrol.text()).toBeTruthy();
  const { id, totp } = await enrol.json();
  const verified = await request.post(`/api/factors/${id}/verify`, {
    headers,
    data: { code: await generate({ secret: totp.secret }) },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();

  // Device one again: the admin tools ask for the factor first.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  await expect(
    page.getByText('Sign in again with your second factor to use admin tools.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: /Pending Videos/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Confirm now' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog.getByText('to use admin tools on this device')).toBeVisible();
  // The next time step: the one just used on device two is spent.
  const code = await generate({
    secret: totp.secret,
    epoch: Math.floor(Date.now() / 1000) + TOTP_STEP_SECONDS,
  });
  await dialog.getByLabel('6-digit code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('tab', { name: /Pending Videos/ })).toBeVisible();
});
