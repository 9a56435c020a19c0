import { DEMO, linkInMail, signInThroughScreen, unique } from './support/api';
import { expect, test } from './support/test';

test('an admin generates a creator invite, and a new user signs up with it into the creator area', async ({
  page,
  browser,
  request,
}) => {
  await signInThroughScreen(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/invites');
  await page.getByLabel('Role').selectOption('creator');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Created 1 invite(s)!')).toBeVisible();
  const copy = page.getByRole('button', { name: /^Copy code / }).first();
  const code = ((await copy.getAttribute('aria-label')) ?? '').replace('Copy code ', '');
  expect(code).toMatch(/^[A-Z0-9]{8}$/);

  const visitor = await (await browser.newContext()).newPage();
  const name = unique('maker');
  await visitor.goto('/auth?tab=signup');
  const form = visitor.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Username').fill(name);
  await form.getByLabel('Email').fill(`${name}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('a good password');
  await form.getByLabel('Invite code').fill(code.toLowerCase());
  await expect(form.getByLabel('Invite code')).toHaveValue(code);
  await form.getByLabel('Creator').check();
  await form.getByRole('button', { name: /Sign Up|Create account/ }).click();
  // No session yet (decision 022): the mailed link, opened in this browser, signs in.
  await expect(visitor.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(visitor.getByText(`${name}@example.com`)).toBeVisible();
  await visitor.goto(await linkInMail(request, `${name}@example.com`, 'verify_email'));
  await expect(visitor).toHaveURL(/\/creator\/home$/);
  await visitor.context().close();
});

test('the beta counter rises on an open landing page when someone requests access', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  const bar = page.getByRole('progressbar', { name: 'Beta progress' });
  await expect(bar).toHaveAttribute('aria-valuetext', /^\d+ of 100 people joined$/);
  const before = Number((await bar.getAttribute('aria-valuetext'))?.split(' ')[0]);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/join');
  await visitor.getByLabel('Full name').fill('Live Counter');
  await visitor.getByLabel('Email').fill(`${unique('live')}@example.com`);
  await visitor.getByRole('button', { name: 'Request Access' }).click();
  await expect(visitor.getByText(/Thank you for joining .* Beta!/)).toBeVisible();

  await expect(bar).toHaveAttribute('aria-valuetext', `${before + 1} of 100 people joined`);
  await visitor.context().close();
});

test('an approved request lets the requester sign up without a code and verify into the role', async ({
  page,
  browser,
  request,
}) => {
  const email = `${unique('approved')}@example.com`;
  const requester = await (await browser.newContext()).newPage();
  await requester.goto('/join');
  await requester.getByLabel('Full name').fill('Ada Approved');
  await requester.getByLabel('Email').fill(email);
  await requester.getByRole('button', { name: 'Request Access' }).click();
  await expect(requester).toHaveURL(/\/$/);

  await signInThroughScreen(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/whitelist');
  const card = page.getByRole('listitem').filter({ hasText: email });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Add to whitelist' }).click();
  await expect(page.getByText('Added to whitelist!')).toBeVisible();

  const signUpLink = await linkInMail(request, email, 'access_approved');
  await requester.goto(signUpLink);
  const form = requester.getByRole('tabpanel', { name: 'Sign Up' });
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await form.getByLabel('Username').fill(unique('ada'));
  await form.getByLabel('Password', { exact: true }).fill('a good password');
  await form.getByRole('button', { name: /Sign Up|Create account/ }).click();
  await expect(requester.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The link proves the address: signed in, with the whitelisted role from now on.
  await requester.goto(await linkInMail(request, email, 'verify_email'));
  await expect(requester).toHaveURL(/\/creator\/home$/);
  await requester.context().close();
});

test('a user resets a forgotten password through the mailed link', async ({ page, request }) => {
  const email = `${unique('forgetful')}@example.com`;
  const admin = await request.post('/api/auth/token?grant_type=password', {
    data: { email: DEMO.admin, password: 'adreel-demo' },
  });
  const token = (await admin.json()).session.access_token;
  const invite = await request.post('/api/admin/invites', {
    headers: { authorization: `Bearer ${token}` },
    data: { role: 'viewer', expiryDays: 1, count: 1 },
  });
  const code = (await invite.json()).invites[0].code;
  const created = await request.post('/api/auth/signup', {
    data: {
      username: unique('forget'),
      email,
      password: 'old password',
      role: 'viewer',
      inviteCode: code,
    },
  });
  expect(created.status()).toBe(202);

  await page.goto('/auth');
  await page
    .getByRole('button', { name: 'Forgot password?' })
    .or(page.getByRole('link', { name: 'Forgot password?' }))
    .click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /Send|reset link/i }).click();
  await expect(page.getByText(/If an account exists/)).toBeVisible();

  await page.goto(await linkInMail(request, email, 'reset_password'));
  await page.getByLabel('New password', { exact: true }).fill('new password 1');
  await page.getByLabel('Confirm new password').fill('new password 1');
  await page.getByRole('button', { name: /password/i }).click();
  await expect(page.getByText(/password has been changed/i)).toBeVisible();

  await signInThroughScreen(page, email, 'new password 1');
  await expect(page).toHaveURL(/\/feed$/);
});
