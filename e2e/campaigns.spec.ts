import { readFileSync } from 'node:fs';
import { accessToken, DEMO, signInThroughScreen, signUpVerified, unique } from './support/api';
import { makeClip } from './support/clips';
import { type APIRequestContext, type Browser, expect, type Page, test } from './support/test';

const PASSWORD = 'a good password';
/** Processing a short clip takes seconds; the first job also waits for the worker to poll. */
const PROCESSING_MS = 45_000;

/** A fresh account from an admin's invite, so this journey's money is the only money it has. */
async function createUser(request: APIRequestContext, role: 'creator' | 'brand') {
  const token = await accessToken(request, DEMO.admin);
  const invite = await request.post('/api/admin/invites', {
    headers: { authorization: `Bearer ${token}` },
    data: { role, expiryDays: 1, count: 1 },
  });
  expect(invite.ok(), await invite.text()).toBeTruthy();
  const code = (await invite.json()).invites[0].code as string;
  const username = unique(role);
  const email = `${username}@example.com`;
  await signUpVerified(request, {
    username,
    displayName: `${role === 'brand' ? 'Brand' : 'Creator'} ${username}`,
    email,
    password: PASSWORD,
    role,
    inviteCode: code,
  });
  return { email, displayName: `${role === 'brand' ? 'Brand' : 'Creator'} ${username}` };
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a brand runs a campaign from brief to payout, and the creator sees the money arrive', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const clip = await makeClip('campaign-entry', 4, { bitrate: '1M' });
  const brandUser = await createUser(request, 'brand');
  const creatorUser = await createUser(request, 'creator');
  const campaignTitle = unique('Glow Up ');
  const videoTitle = unique('Golden hour ');

  // The brand creates the campaign.
  const brand = await newPage(browser);
  await signInThroughScreen(brand, brandUser.email, PASSWORD);
  await expect(brand).toHaveURL(/\/brand\/dashboard$/);
  await brand.getByRole('button', { name: 'Create Campaign' }).first().click();
  const dialog = brand.getByRole('dialog', { name: 'Create Campaign' });
  await dialog.getByLabel('Title').fill(campaignTitle);
  await dialog.getByLabel('Description').fill('Show our serum in golden-hour light.');
  await dialog.getByLabel('Tags').fill('skincare, summer');
  await dialog.getByLabel('Budget total').fill('1000');
  await dialog.getByLabel('Payout per video').fill('2000');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(
    dialog.getByText('Payout per video cannot be more than the budget total'),
  ).toBeVisible();
  await dialog.getByLabel('Payout per video').fill('150');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(brand.getByText('Campaign created!')).toBeVisible();
  const campaignCard = brand.getByRole('listitem').filter({ hasText: campaignTitle });
  await expect(campaignCard.getByText('left of $1,000')).toBeVisible();

  // A signed-out creator finds it on the briefs, signs in, and lands on the upload with it chosen.
  const creator = await newPage(browser);
  await creator.goto('/briefs');
  const brief = creator.getByRole('listitem').filter({ hasText: campaignTitle });
  await expect(brief.getByText(brandUser.displayName)).toBeVisible();
  await expect(brief.getByText('#skincare')).toBeVisible();
  await expect(brief.getByText('$150/video')).toBeVisible();
  await brief.getByRole('button', { name: `Apply to Campaign: ${campaignTitle}` }).click();
  await expect(creator).toHaveURL(/\/auth$/);
  const form = creator.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(creatorUser.email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(creator).toHaveURL(/\/creator\/upload\?campaign=[0-9a-f-]+$/);
  const picker = creator.getByLabel('Campaign');
  await expect(picker.locator('option:checked')).toHaveText(`${campaignTitle} · $150 per video`);

  await creator.getByLabel('Video file').setInputFiles(clip.path);
  await creator.getByLabel('Title').fill(videoTitle);
  await creator.getByRole('button', { name: 'Upload video' }).click();
  await expect(creator).toHaveURL(/\/creator\/videos$/, { timeout: PROCESSING_MS });
  const myVideo = creator.getByRole('listitem').filter({ hasText: videoTitle });
  await expect(myVideo.getByText('Pending', { exact: true })).toBeVisible({
    timeout: PROCESSING_MS,
  });

  // The brand watches and approves the entry.
  await brand.reload();
  await brand.getByRole('tab', { name: /Submissions/ }).click();
  const entry = brand.getByRole('listitem').filter({ hasText: videoTitle });
  await expect(entry.getByText(creatorUser.displayName)).toBeVisible();
  await expect(entry.getByLabel(`Play ${videoTitle}`)).toHaveAttribute('src', /\/media\//);
  await entry.getByRole('button', { name: `Approve ${videoTitle}` }).click();
  await expect(brand.getByText('Hai appena pubblicato una nuova ad!')).toBeVisible();
  await expect(entry.getByText('Approved', { exact: true })).toBeVisible();
  await expect(entry.getByRole('button', { name: `Approve ${videoTitle}` })).toHaveCount(0);

  // The video is live in the feed.
  const creatorToken = await accessToken(request, creatorUser.email, PASSWORD);
  const mine = await request.get('/api/creator/videos', {
    headers: { authorization: `Bearer ${creatorToken}` },
  });
  const videoId = ((await mine.json()).videos as { id: string; title: string }[]).find(
    (v) => v.title === videoTitle,
  )?.id;
  expect(videoId).toBeTruthy();
  const feed = await request.get(`/api/feed?start=${videoId}`);
  expect(feed.ok()).toBeTruthy();
  expect(((await feed.json()).videos as { id: string }[])[0]?.id).toBe(videoId);

  // The payout is recorded for both sides.
  await brand.getByRole('tab', { name: 'Payments' }).click();
  const payment = brand
    .getByRole('list', { name: 'Payments' })
    .getByRole('listitem')
    .filter({ hasText: campaignTitle });
  await expect(payment.getByText('$150')).toBeVisible();
  await expect(payment.getByText('Recorded')).toBeVisible();
  await expect(payment.getByText(creatorUser.displayName)).toBeVisible();

  await creator.goto('/creator/earnings');
  const earning = creator
    .getByRole('list', { name: 'Transactions' })
    .getByRole('listitem')
    .filter({ hasText: campaignTitle });
  await expect(earning.getByText('Awaiting payout')).toBeVisible();
  await expect(creator.getByRole('definition').first()).toHaveText('$150');

  // The brand marks it paid; the creator sees it paid.
  await payment.getByRole('button', { name: /Mark Paid/ }).click();
  await expect(brand.getByText('Payment marked as paid!')).toBeVisible();
  await expect(payment.getByText('Paid', { exact: true })).toBeVisible();
  await expect(payment.getByRole('button', { name: /Mark Paid/ })).toHaveCount(0);

  await creator.reload();
  await expect(earning.getByText('Paid', { exact: true })).toBeVisible();
  await expect(creator.getByRole('definition')).toHaveText(['$150', '$150']);

  // Performance lists the approved video of the campaign.
  await brand.getByRole('tab', { name: 'Performance' }).click();
  await expect(
    brand
      .getByRole('table', { name: 'By video' })
      .getByRole('row', { name: new RegExp(videoTitle) }),
  ).toBeVisible();

  await brand.context().close();
  await creator.context().close();
});

/** Uploads a clip into a campaign through the tus API, as the upload screen would. */
async function uploadInto(
  request: APIRequestContext,
  token: string,
  file: { path: string; bytes: number },
  metadata: Record<string, string>,
) {
  const encoded = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const headers = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await request.post('/api/uploads', {
    headers: { ...headers, 'upload-length': String(file.bytes), 'upload-metadata': encoded },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location ?? '';
  const sent = await request.patch(location, {
    headers: {
      ...headers,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    data: readFileSync(file.path),
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

test('a brand rejects an entry with a reason the creator reads, and is told briefs are for creators', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const clip = await makeClip('rejected-entry', 3, { bitrate: '1M' });
  const brandUser = await createUser(request, 'brand');
  const creatorUser = await createUser(request, 'creator');
  const brandToken = await accessToken(request, brandUser.email, PASSWORD);
  const created = await request.post('/api/brand/campaigns', {
    headers: { authorization: `Bearer ${brandToken}` },
    data: {
      title: unique('Night Run '),
      budgetTotalCents: 50_000,
      payoutPerVideoCents: 10_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()).campaign as { id: string; title: string };
  const videoTitle = unique('Dark alley ');
  const creatorToken = await accessToken(request, creatorUser.email, PASSWORD);
  await uploadInto(request, creatorToken, clip, {
    filename: 'entry.mp4',
    filetype: 'video/mp4',
    title: videoTitle,
    campaignId: campaign.id,
  });

  const brand = await newPage(browser);
  await signInThroughScreen(brand, brandUser.email, PASSWORD);
  await expect(brand).toHaveURL(/\/brand\/dashboard$/);
  await brand.getByRole('tab', { name: /Submissions/ }).click();
  const entry = brand.getByRole('listitem').filter({ hasText: videoTitle });
  // The entry is listed at once; its file plays once processing has finished.
  await expect(entry.getByText('Submitted')).toBeVisible();
  await entry.getByRole('button', { name: `Reject ${videoTitle}` }).click();
  const dialog = brand.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Too dark: the shoes must be visible.');
  await dialog.getByRole('button', { name: 'Reject submission' }).click();
  await expect(brand.getByText('Submission rejected')).toBeVisible();
  await expect(entry.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(entry.getByRole('button', { name: `Approve ${videoTitle}` })).toHaveCount(0);

  await brand.goto('/briefs');
  await expect(brand.getByText(/You are signed in as a brand/)).toBeVisible();
  await brand.getByRole('button', { name: `Apply to Campaign: ${campaign.title}` }).click();
  await expect(brand).toHaveURL(/\/briefs$/);
  await expect(
    brand.getByRole('listitem').filter({ hasText: 'Entering a campaign needs a creator account.' }),
  ).toBeVisible();

  const creator = await newPage(browser);
  await signInThroughScreen(creator, creatorUser.email, PASSWORD);
  // Leave only once signed in: going on while the sign-in is still answering lands on /auth.
  await expect(creator).toHaveURL(/\/creator\/home$/);
  await creator.goto('/creator/earnings');
  const mine = creator
    .getByRole('list', { name: 'Campaign entries' })
    .getByRole('listitem')
    .filter({ hasText: campaign.title });
  await expect(mine.getByText('Not selected')).toBeVisible();
  await expect(mine.getByText('Too dark: the shoes must be visible.')).toBeVisible();

  await brand.context().close();
  await creator.context().close();
});
