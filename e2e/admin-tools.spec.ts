import { mkdirSync } from 'node:fs';
import {
  accessToken,
  DEMO,
  feedWithAtLeast,
  lastMail,
  mailContaining,
  signInThroughScreen,
  signUpVerified,
  unique,
  uploadThroughApi,
} from './support/api';
import { makeClip } from './support/clips';
import { type APIRequestContext, expect, test } from './support/test';

const PASSWORD = 'leaving-soon-42';

test('an admin sends a test digest, reads it in the outbox, and its unsubscribe link works', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await (await browser.newContext()).newPage();
  await signInThroughScreen(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('tab', { name: 'Tools' }).click();
  await admin.getByRole('button', { name: 'Send test digest' }).click();
  await expect(admin.getByText('Test digest sent! Check your inbox.')).toBeVisible();
  await admin.getByRole('link', { name: 'Open the outbox' }).click();
  await expect(admin).toHaveURL(/\/admin\/outbox$/);

  const row = admin.getByRole('button', { name: /\[Test\] Your Adreel week/ }).first();
  await expect(row).toContainText(`To ${DEMO.admin}`);
  await row.click();
  const mail = admin.getByRole('dialog');
  await expect(mail).toContainText('Test digest: this is how this week’s digest looks.');
  await expect(mail).toContainText('TOP VIDEOS OF THE WEEK');
  await expect(mail).toContainText('OPEN CAMPAIGNS');
  await expect(mail).toContainText('Unsubscribe in one click:');

  // Only the admin got it.
  const sent = await lastMail(request, DEMO.admin, 'test_digest');
  const link = sent.textBody.match(/Unsubscribe in one click: (\S+)/)?.[1];
  if (!link) throw new Error('no unsubscribe link');
  const url = new URL(link);

  // The link works in a browser without signing in: a confirmation, then one click.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(`${url.pathname}${url.search}`);
  await expect(
    stranger.getByRole('heading', { name: 'Unsubscribe from the weekly digest?' }),
  ).toBeVisible();
  await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(stranger.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

  // The admin's account page says so at once, and it can be turned back on there.
  await admin.goto('/account');
  const digest = admin.getByRole('checkbox', { name: 'Email me the weekly digest' });
  await expect(digest).not.toBeChecked();
  await digest.check();
  await expect(admin.getByText('You will get the weekly digest.')).toBeVisible();
  await expect(digest).toBeChecked();
});

test('the Reports tab count rises live when someone files a report', async ({
  browser,
  request,
}) => {
  // The demo videos are made in the background on a first start.
  test.setTimeout(180_000);
  const admin = await (await browser.newContext()).newPage();
  await signInThroughScreen(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  const tab = admin.getByRole('tab', { name: /^Reports \d+$/ });
  await expect(tab).toBeVisible();
  const before = Number((await tab.textContent())?.match(/\d+/)?.[0]);

  const [video] = await feedWithAtLeast(request, 1);
  const viewer = await accessToken(request, DEMO.viewer);
  const filed = await request.post(`/api/videos/${video?.id}/reports`, {
    headers: { authorization: `Bearer ${viewer}` },
    data: { reason: unique('Looks like a scam ') },
  });
  expect(filed.ok(), await filed.text()).toBeTruthy();
  // No reload: the server streams the new count.
  await expect(admin.getByRole('tab', { name: `Reports ${before + 1}` })).toBeVisible();
});

async function newCreator(request: APIRequestContext) {
  const token = await accessToken(request, DEMO.admin);
  const invite = await request.post('/api/admin/invites', {
    headers: { authorization: `Bearer ${token}` },
    data: { role: 'creator', expiryDays: 1, count: 1 },
  });
  expect(invite.ok(), await invite.text()).toBeTruthy();
  const code = (await invite.json()).invites[0].code as string;
  const username = unique('leaving');
  const email = `${username}@example.com`;
  await signUpVerified(request, {
    username,
    displayName: 'Leaving Lu',
    email,
    password: PASSWORD,
    role: 'creator',
    inviteCode: code,
  });
  return { email, username };
}

test('a user downloads their data and deletes their account; the admin sees it in the audit log', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { email, username } = await newCreator(request);
  const page = await (await browser.newContext()).newPage();
  await signInThroughScreen(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/account');

  const data = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download your data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^adreel-data-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const exported = JSON.parse(await readFile(path, 'utf8'));
  expect(exported.profile).toMatchObject({ email, username });

  await data.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Incorrect password')).toBeVisible();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const again = await request.post('/api/auth/token?grant_type=password', {
    data: { email, password: PASSWORD },
  });
  expect(again.ok()).toBeFalsy();

  const admin = await (await browser.newContext()).newPage();
  await signInThroughScreen(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await expect(admin).toHaveURL(/\/admin\/audit$/);
  await admin.getByLabel('What').selectOption('account.delete');
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  const entries = admin.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  await expect(entries.first()).toContainText('Account delete');
  await expect(entries.first()).toContainText('Deleted user');
});

test('the Failed jobs screen says when nothing failed, on a phone and a laptop without sideways scrolling', async ({
  browser,
}) => {
  const dir = process.env.SHOTS_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  for (const [name, viewport] of [
    ['390x844', { width: 390, height: 844 }],
    ['1280x800', { width: 1280, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const admin = await context.newPage();
    await signInThroughScreen(admin, DEMO.admin);
    await expect(admin).toHaveURL(/\/admin$/);
    await admin.goto('/admin/jobs');
    await expect(admin.getByRole('heading', { level: 1, name: 'Failed jobs' })).toBeVisible();
    // The demo's videos all processed: the list says so rather than showing nothing.
    await expect(admin.getByText('No failed or stuck jobs')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Refresh' })).toBeVisible();
    const overflow = await admin.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal scroll at ${name}`).toBeLessThanOrEqual(0);
    if (dir) await admin.screenshot({ path: `${dir}/admin-jobs-${name}.png` });
    await context.close();
  }
});

test('destructive admin actions ask first or can be undone: reject with a reason the creator is mailed, decline a request, remove from the whitelist', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A pending video of this journey's own.
  const clip = await makeClip('to-reject-with-reason', 2);
  const title = unique('Needs a reason ');
  await uploadThroughApi(request, await accessToken(request, DEMO.creator), clip, {
    filename: 'to-reject-with-reason.mp4',
    filetype: 'video/mp4',
    title,
  });
  const adminToken = await accessToken(request, DEMO.admin);
  const headers = { authorization: `Bearer ${adminToken}` };
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/admin/videos?status=pending', { headers });
        const { videos } = (await res.json()) as { videos: { title: string }[] };
        return videos.some((video) => video.title === title);
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  const requester = unique('Declined Person ');
  const requested = await request.post('/api/access-requests', {
    data: { name: requester, email: `${unique('declined')}@example.test`, role: 'viewer' },
  });
  expect(requested.ok(), await requested.text()).toBeTruthy();
  const listedEmail = `${unique('undo')}@example.test`;
  const listed = await request.post('/api/admin/whitelist', {
    headers,
    data: { email: listedEmail, role: 'brand' },
  });
  expect(listed.ok(), await listed.text()).toBeTruthy();

  const admin = await (await browser.newContext()).newPage();
  await signInThroughScreen(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);

  // Reject: Cancel leaves the video waiting; confirming with a reason rejects it and mails it.
  const card = admin
    .getByRole('region', { name: 'Waiting for review' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await card.getByRole('button', { name: `Reject ${title}` }).click();
  let dialog = admin.getByRole('dialog', { name: `Reject “${title}”?` });
  await expect(dialog).toContainText('is told by email that it was not approved');
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await admin.screenshot({ path: `${shots}/admin-reject-dialog-1280x800.png` });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: `${shots}/admin-reject-dialog-390x844.png` });
    await admin.setViewportSize({ width: 1280, height: 800 });
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Reject ${title}` }).click();
  dialog = admin.getByRole('dialog', { name: `Reject “${title}”?` });
  const reason = unique('The product claim cannot be checked ');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Reject video' }).click();
  await expect(admin.getByText('Video rejected', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  const mail = await mailContaining(request, DEMO.creator, 'video_rejected', reason);
  expect(mail.textBody).toContain(title);

  // Decline: asked first.
  await admin.goto('/admin/whitelist');
  const row = admin.getByRole('listitem').filter({ hasText: requester });
  await row.getByRole('button', { name: 'Decline' }).click();
  dialog = admin.getByRole('dialog', { name: `Decline ${requester}’s request?` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Decline' }).click();
  await dialog.getByRole('button', { name: 'Decline request' }).click();
  await expect(admin.getByText('Request declined')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Remove from the whitelist: at once, with Undo for a few seconds.
  await admin.getByRole('button', { name: `Remove ${listedEmail} from whitelist` }).click();
  await expect(admin.getByText('Removed from whitelist')).toBeVisible();
  if (shots) await admin.screenshot({ path: `${shots}/admin-whitelist-undo-1280x800.png` });
  const whitelist = admin.getByRole('region', { name: /^Whitelist/ });
  await expect(whitelist.getByText(listedEmail, { exact: true })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Undo' }).click();
  await expect(admin.getByText('Added to whitelist!')).toBeVisible();
  await expect(whitelist.getByText(listedEmail, { exact: true })).toBeVisible();
  const back = await request.get('/api/admin/whitelist', { headers });
  const { entries } = (await back.json()) as { entries: { email: string; roleAllowed: string }[] };
  expect(entries.find((entry) => entry.email === listedEmail)?.roleAllowed).toBe('brand');
});
