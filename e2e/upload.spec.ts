import { DEMO, signInThroughScreen, unique } from './support/api';
import { makeClip } from './support/clips';
import { type Browser, expect, type Page, test } from './support/test';

const IN_REVIEW = 'Il tuo video è in revisione: ti avviseremo appena sarà approvato.';
/** The demo brand's briefs are the open campaigns (apps/server/src/db/seed-data.ts). */
const CAMPAIGN = 'My Morning Ritual';
/** Processing a short clip takes seconds; the first job also waits for the worker to poll. */
const PROCESSING_MS = 30_000;

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughScreen(page, email);
  await expect(page).not.toHaveURL(/\/auth/);
  return page;
}

/** Chromium's own throttling (DevTools protocol), so the upload is slow enough to be watched. */
async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
}

test('a creator uploads a clip into a campaign, it goes to review, and the admin approves it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const clip = await makeClip('three-seconds', 3, { bitrate: '2M' });
  const title = unique('Morning pour ');

  const creator = await signedIn(browser, DEMO.creator);
  await expect(creator).toHaveURL(/\/creator\/home$/);
  await creator.goto('/creator/upload');
  await creator.getByLabel('Video file').setInputFiles(clip.path);
  await expect(creator.getByText(/three-seconds\.mp4/)).toBeVisible();
  await expect(creator.getByText(/· 3\.0 s/)).toBeVisible();

  const campaign = creator.getByLabel('Campaign');
  const option = campaign.locator('option', { hasText: CAMPAIGN });
  await expect(option).toHaveText(`${CAMPAIGN} · $100 per video`);
  await campaign.selectOption((await option.getAttribute('value')) ?? '');
  await creator.getByLabel('Title').fill(title);
  await creator.getByLabel('Caption').fill('From grinder to first sip.');

  // Slow enough (about two seconds for this clip) that the progress bar can be seen moving.
  const unthrottle = await throttleUpload(creator, Math.ceil(clip.bytes / 2));
  await creator.getByRole('button', { name: 'Upload video' }).click();
  const bar = creator.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(creator.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await unthrottle();

  await expect(creator.getByText(IN_REVIEW)).toBeVisible({ timeout: PROCESSING_MS });
  await expect(creator).toHaveURL(/\/creator\/videos$/);
  const row = creator.getByRole('listitem').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText(CAMPAIGN)).toBeVisible();
  // Processing right after the upload; the list asks again until the worker has finished.
  await expect(row.getByText(/^(Processing|Pending)$/)).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible({ timeout: PROCESSING_MS });
  await expect(row.getByText('Your video is being reviewed by our team')).toBeVisible();
  await expect(row.getByText('0:03').first()).toBeVisible();

  const admin = await signedIn(browser, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  const waiting = admin.getByRole('region', { name: 'Waiting for review' });
  const card = waiting.getByRole('listitem').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('From grinder to first sip.')).toBeVisible();
  const preview = card.getByLabel(`Preview of ${title}`);
  await expect(preview).toHaveAttribute('src', /\S/);
  // The browser reads the rendition (by ranges) far enough to know its length; the preview
  // itself waits for a click (preload none), so it is asked to here.
  await preview.evaluate((video: HTMLVideoElement) => {
    video.preload = 'metadata';
    video.load();
  });
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.duration), {
      timeout: 15_000,
    })
    .toBeCloseTo(3, 0);
  const media = await admin.request.get((await preview.getAttribute('src')) ?? '', {
    headers: { range: 'bytes=0-99' },
  });
  expect(media.status()).toBe(206);
  expect(media.headers()['content-type']).toBe('video/mp4');
  expect(media.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await card.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(card).toHaveCount(0);
  const approved = admin.getByRole('region', { name: 'Approved videos' });
  await expect(approved.getByRole('listitem').filter({ hasText: title })).toBeVisible();

  await creator.reload();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  await expect(row.getByText('Your video is being reviewed by our team')).toHaveCount(0);

  await admin.context().close();
  await creator.context().close();
});

test('a clip longer than 30 seconds is refused before anything is sent', async ({ browser }) => {
  test.setTimeout(60_000);
  const clip = await makeClip('thirty-one-seconds', 31, { fps: 10 });
  const creator = await signedIn(browser, DEMO.creator);
  await creator.goto('/creator/upload');
  let sent = false;
  creator.on('request', (request) => {
    if (request.url().includes('/api/uploads')) sent = true;
  });

  await creator.getByLabel('Video file').setInputFiles(clip.path);
  const refusal = creator
    .getByRole('alert')
    .filter({ hasText: 'Video must be 30 seconds or less' });
  await expect(refusal).toBeVisible();
  await creator.getByLabel('Title').fill(unique('Too long '));
  await creator.getByRole('button', { name: 'Upload video' }).click();
  await expect(refusal).toBeVisible();
  await expect(creator.getByLabel('Video file')).toBeFocused();
  await expect(creator.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
  await expect(creator).toHaveURL(/\/creator\/upload$/);
  expect(sent).toBe(false);
  await creator.context().close();
});

test('a rejected clip is shown as rejected to its creator and its media is gone', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const clip = await makeClip('to-reject', 2);
  const title = unique('Off brief ');
  const creator = await signedIn(browser, DEMO.creator);
  await creator.goto('/creator/upload');
  await creator.getByLabel('Video file').setInputFiles(clip.path);
  await creator.getByLabel('Title').fill(title);
  await creator.getByRole('button', { name: 'Upload video' }).click();
  await expect(creator.getByText(IN_REVIEW)).toBeVisible({ timeout: PROCESSING_MS });
  const row = creator.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible({ timeout: PROCESSING_MS });

  const admin = await signedIn(browser, DEMO.admin);
  const card = admin
    .getByRole('region', { name: 'Waiting for review' })
    .getByRole('listitem')
    .filter({ hasText: title });
  const src = (await card.getByLabel(`Preview of ${title}`).getAttribute('src')) ?? '';
  expect((await admin.request.get(src)).status()).toBe(200);
  await card.getByRole('button', { name: `Reject ${title}` }).click();
  // The admin's reject asks first.
  // Once the rejection is answered its media is gone (the card may go before: the list follows the
  // status change, which is committed before the files are deleted).
  const rejected = admin.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/reject$/.test(response.url()),
  );
  await admin.getByRole('dialog').getByRole('button', { name: 'Reject video' }).click();
  expect((await rejected).status()).toBe(200);
  await expect(card).toHaveCount(0);
  expect((await admin.request.get(src)).status()).toBe(404);
  expect((await creator.request.get(src, { headers: { range: 'bytes=0-9' } })).status()).toBe(404);

  await creator.reload();
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
  await admin.context().close();
  await creator.context().close();
});
