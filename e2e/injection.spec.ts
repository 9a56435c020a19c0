/**
 * Script, HTML, SQL and template payloads typed by people are shown as text on
 * every page that shows them, and nothing in them runs: no dialog opens, `window.__pwned` stays
 * unset, and the page holds no element made from a payload (no img[src=x], no script of ours).
 * This does not lean on the Content-Security-Policy alone: an injected element would be found in
 * the DOM even where CSP stopped it from running.
 */

import {
  accessToken,
  DEMO,
  feedWithAtLeast,
  linkInMail,
  signInThroughScreen,
  unique,
  uploadThroughApi,
} from './support/api';
import { makeClip } from './support/clips';
import { type APIRequestContext, type Browser, expect, type Page, test } from './support/test';

const SCRIPT = '<script>window.__pwned=1</script>';
const IMG = '<img src=x onerror="window.__pwned=1;alert(1)">';
const SHORT_IMG = '<img src=x onerror=alert(1)>';
const SQL = `"; drop table videos;--`;
const TEMPLATE = '{{7*7}}';
const ALL = `${SCRIPT} ${IMG} ${SQL} ${TEMPLATE}`;

/** A page that records every dialog (and dismisses it) so the test can say none opened. */
interface WatchedPage {
  page: Page;
  dialogs: string[];
}

async function watchedPage(browser: Browser): Promise<WatchedPage> {
  const page = await (await browser.newContext()).newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/** Nothing of a payload ran or became an element on this page. */
async function expectInert({ page, dialogs }: WatchedPage) {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(
    await page.evaluate(() =>
      Array.from(document.querySelectorAll('script')).some((s) => s.text.includes('__pwned')),
    ),
  ).toBe(false);
  expect(
    await page.evaluate(() =>
      Array.from(document.querySelectorAll('*')).some((element) =>
        element.getAttributeNames().some((name: string) => name.startsWith('on')),
      ),
    ),
  ).toBe(false);
}

/** The payload is on the page, as text. */
async function expectShown(watched: WatchedPage, text: string) {
  // Some screens keep a phone and a desktop layout in the page: the one on show counts.
  await expect(
    watched.page.getByText(text, { exact: false }).filter({ visible: true }).first(),
  ).toBeVisible();
  await expectInert(watched);
}

async function api(
  request: APIRequestContext,
  method: 'post' | 'get',
  url: string,
  token: string | null,
  data?: unknown,
) {
  const res = await request[method](url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

test('payloads in titles, captions, names, reasons and notes are shown as text and never run', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await accessToken(request, DEMO.admin);

  // A creator whose username and display name are payloads, signed up through the API.
  const email = `${unique('inject')}@example.test`;
  await api(request, 'post', '/api/admin/whitelist', admin, { email, role: 'creator' });
  const username = `${SHORT_IMG}${unique('u')}`;
  const displayName = `${SCRIPT} ${SQL}`;
  const password = 'correct horse battery';
  await api(request, 'post', '/api/auth/signup', null, {
    username,
    displayName,
    email,
    password,
    role: 'creator',
  });
  // The creator role comes with a verified address.
  const verifyLink = new URL(await linkInMail(request, email, 'verify_email'), 'http://x');
  await api(request, 'post', '/api/auth/verify-email', null, {
    token: verifyLink.searchParams.get('token'),
  });
  const creator = await accessToken(request, email, password);

  // Its video: title, caption and call to action are payloads.
  const marker = unique('Inject ');
  const title = `${marker} ${ALL}`;
  const caption = `${ALL} ${TEMPLATE}`;
  const clip = await makeClip('injection', 3);
  await uploadThroughApi(request, creator, clip, {
    filename: 'injection.mp4',
    filetype: 'video/mp4',
    title,
    caption,
    ctaText: SHORT_IMG,
    ctaUrl: 'https://example.test/?q=<script>',
  });
  let videoId = '';
  await expect
    .poll(
      async () => {
        const { videos } = await api(request, 'get', '/api/admin/videos?status=pending', admin);
        videoId =
          (videos as { id: string; title: string }[]).find((v) => v.title === title)?.id ?? '';
        return videoId;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .not.toBe('');

  // The admin's review queue shows the pending video's title as text.
  const adminPage = await watchedPage(browser);
  await signInThroughScreen(adminPage.page, DEMO.admin);
  await expect(adminPage.page).toHaveURL(/\/admin$/);
  await expectShown(adminPage, marker);
  await expectShown(adminPage, title);
  await api(request, 'post', `/api/admin/videos/${videoId}/approve`, admin);

  // A brief whose title, description and tags are payloads.
  const brand = await accessToken(request, DEMO.brand);
  const briefTitle = `${unique('Brief ')} ${ALL}`;
  const description = `${ALL}\n${TEMPLATE}`;
  await api(request, 'post', '/api/brand/campaigns', brand, {
    title: briefTitle,
    description,
    tags: [SHORT_IMG, TEMPLATE],
    budgetTotalCents: 100_000,
    payoutPerVideoCents: 10_000,
  });

  // A report whose reason is a payload, and a request to join whose name and notes are.
  const viewer = await accessToken(request, DEMO.viewer);
  const reason = `${unique('Reason ')} ${ALL}`;
  await api(request, 'post', `/api/videos/${videoId}/reports`, viewer, { reason });
  const joinName = `${SCRIPT} ${unique('n')}`;
  const notes = `${ALL} ${unique('notes ')}`;
  await api(request, 'post', '/api/access-requests', null, {
    name: joinName,
    email: `${unique('join')}@example.test`,
    role: 'brand',
    notes,
  });

  // The viewer: the feed (title, caption, call to action, the creator's username), leaderboards, their reports.
  const viewerPage = await watchedPage(browser);
  await signInThroughScreen(viewerPage.page, DEMO.viewer);
  await expect(viewerPage.page).toHaveURL(/\/feed$/);
  await feedWithAtLeast(request, 1);
  await viewerPage.page.goto(`/feed?start=${videoId}`);
  const item = viewerPage.page.getByRole('article').first();
  await expect(item).toHaveAttribute('aria-label', new RegExp(`^${marker}`));
  await expect(item.getByText(caption)).toBeVisible();
  await expect(item.getByRole('link', { name: SHORT_IMG, exact: true })).toBeVisible();
  await expect(item.getByText(`@${username}`)).toBeVisible();
  await expectInert(viewerPage);
  // Unwatched, the payload video is not ranked (LEADERBOARD_MIN_VIEWS): the boards stay
  // inert, and a payload caption and username as a board row are in
  // apps/web/src/routes/leaderboards.test.tsx.
  await viewerPage.page.goto('/leaderboard/videos');
  await expectShown(viewerPage, 'Ranked among videos');
  await viewerPage.page.goto('/leaderboard/creators');
  await expectShown(viewerPage, 'Ranked among videos');
  await viewerPage.page.goto('/account');
  await expectShown(viewerPage, reason);

  // The admin: the open report's reason, and the request to join on the whitelist page.
  await adminPage.page.goto('/admin');
  await adminPage.page.getByRole('tab', { name: /^Reports/ }).click();
  await expectShown(adminPage, reason);
  await adminPage.page.goto('/admin/whitelist');
  await expectShown(adminPage, joinName);
  await expectShown(adminPage, notes);

  // A creator browsing briefs, and the brand on its dashboard.
  const creatorPage = await watchedPage(browser);
  await signInThroughScreen(creatorPage.page, DEMO.creator);
  await expect(creatorPage.page).not.toHaveURL(/\/auth/);
  await creatorPage.page.goto('/briefs');
  await expectShown(creatorPage, briefTitle);
  await expectShown(creatorPage, SHORT_IMG);
  const brandPage = await watchedPage(browser);
  await signInThroughScreen(brandPage.page, DEMO.brand);
  await expect(brandPage.page).toHaveURL(/\/brand\/dashboard$/);
  await expectShown(brandPage, briefTitle);

  // Stored as given: the API gives every payload back unchanged.
  const { videos } = await api(request, 'get', '/api/creator/videos', creator);
  expect(videos).toContainEqual(expect.objectContaining({ title, caption, ctaText: SHORT_IMG }));
  const me = await api(request, 'get', '/api/profiles/me', creator);
  expect(me).toMatchObject({ username, displayName });
});
