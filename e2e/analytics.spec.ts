/**
 * Real-time performance analytics. A brand keeps the Performance tab open on an approved
 * ad's analytics while a viewer in another browser watches that ad to the end and clicks its call to
 * action: the counted views, the clicks and the retention curve change without a reload. With
 * SHOTS_DIR set, pictures of the brand's and the creator's analytics at a phone's and a laptop's size.
 */
import { mkdirSync } from 'node:fs';
import { DEMO, feedWithAtLeast, signInThroughScreen } from './support/api';
import { type Browser, expect, type Page, test } from './support/test';

/** What an ordinary desktop Chrome says it is (headless Chromium's own user agent is filtered). */
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A demo video approved into the demo brand's campaign, with a call to action. */
const AD = 'Aero Runner: first mile';

async function openAnalytics(page: Page, title: string) {
  await page.goto('/brand/dashboard');
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const row = page.locator('li[data-video-id]').filter({ hasText: title });
  await row.getByRole('button', { name: 'Analytics' }).click();
  const panel = page.getByTestId('video-analytics');
  await expect(panel).toBeVisible();
  await expect(
    panel.getByRole('img', { name: 'Audience retention' }).locator('svg').first(),
  ).toBeVisible();
  return panel;
}

async function figure(page: Page, label: string): Promise<string> {
  return (await page.locator(`[data-figure="${label}"]`).textContent()) ?? '';
}

async function retentionPath(page: Page): Promise<string> {
  return (
    (await page
      .getByRole('img', { name: 'Audience retention' })
      .locator('path.recharts-area-curve')
      .first()
      .getAttribute('d')) ?? ''
  );
}

/** Seconds of the video element labelled `title` played so far, and its length. */
function playback(page: Page, title: string) {
  return page.evaluate((label) => {
    const element = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
    if (!element) return { played: 0, duration: Number.POSITIVE_INFINITY, ended: false };
    let played = 0;
    for (let i = 0; i < element.played.length; i += 1)
      played = Math.max(played, element.played.end(i));
    return { played, duration: element.duration || Number.POSITIVE_INFINITY, ended: element.ended };
  }, title);
}

async function watchToTheEndAndClick(browser: Browser, videoId: string, title: string) {
  const context = await browser.newContext({
    userAgent: DESKTOP_CHROME,
    viewport: { width: 1280, height: 800 },
  });
  // The call to action leads off the site: answered here, so nothing leaves the machine.
  await context.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>shop</p>' }),
  );
  const page = await context.newPage();
  await page.goto(`/feed?start=${videoId}`);
  const article = page.getByRole('article').first();
  await expect(article).toHaveAttribute('aria-label', new RegExp(`^${title} by`));
  await expect
    .poll(
      async () => {
        const p = await playback(page, title);
        return p.ended || p.played >= p.duration * 0.97;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const popup = context.waitForEvent('page');
  await article.getByRole('link', { name: /Shop the Aero Runner/ }).click();
  await (await popup).close();
  // As on leaving: the page sends what it still holds.
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  return context;
}

test('the Performance tab follows a viewer watching an approved ad to the end and clicking it, without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // The demo videos are rendered in the background after the server starts.
  const videos = await feedWithAtLeast(request, 5);
  const ad = videos.find((v) => v.title === AD);
  if (!ad) throw new Error(`no demo video "${AD}" in the feed`);

  const brand = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const page = await brand.newPage();
  await signInThroughScreen(page, DEMO.brand);
  await expect(page).not.toHaveURL(/\/auth/);
  await openAnalytics(page, AD);
  const viewsBefore = await figure(page, 'Counted views');
  const clicksBefore = (await page.getByTestId('video-clicks').textContent()) ?? '';
  const curveBefore = await retentionPath(page);
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  const viewer = await watchToTheEndAndClick(browser, ad.id, AD);

  await expect.poll(() => figure(page, 'Counted views'), { timeout: 20_000 }).not.toBe(viewsBefore);
  await expect
    .poll(async () => (await page.getByTestId('video-clicks').textContent()) ?? '', {
      timeout: 20_000,
    })
    .not.toBe(clicksBefore);
  await expect.poll(() => retentionPath(page), { timeout: 20_000 }).not.toBe(curveBefore);
  expect(Number((await figure(page, 'Counted views')).replaceAll(',', ''))).toBe(
    Number(viewsBefore.replaceAll(',', '')) + 1,
  );
  expect(reloaded).toBe(false);
  await viewer.close();
  await brand.close();
});

test('screenshots of the analytics, with no sideways scrolling', async ({ browser, request }) => {
  test.setTimeout(150_000);
  await feedWithAtLeast(request, 5);
  const dir = process.env.SHOTS_DIR;
  for (const [name, viewport] of [
    ['390x844', { width: 390, height: 844 }],
    ['1280x800', { width: 1280, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ viewport, userAgent: DESKTOP_CHROME });
    const page = await context.newPage();
    await signInThroughScreen(page, DEMO.brand);
    await expect(page).not.toHaveURL(/\/auth/);
    const panel = await openAnalytics(page, AD);
    await expect(
      panel.getByRole('img', { name: 'Over time' }).locator('svg').first(),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: `${dir}/analytics-brand-${name}.png`, fullPage: true });
    }
    await context.close();

    const creator = await browser.newContext({ viewport, userAgent: DESKTOP_CHROME });
    const creatorPage = await creator.newPage();
    await signInThroughScreen(creatorPage, DEMO.creator);
    await expect(creatorPage).not.toHaveURL(/\/auth/);
    await creatorPage.goto('/creator/home');
    await expect(creatorPage.getByRole('heading', { name: 'Your video stats' })).toBeVisible();
    await creatorPage
      .locator('li[data-video-id]')
      .first()
      .getByRole('button', { name: 'Analytics' })
      .click();
    await expect(creatorPage.getByTestId('video-analytics')).toBeVisible();
    const creatorOverflow = await creatorPage.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(creatorOverflow).toBeLessThanOrEqual(0);
    if (dir)
      await creatorPage.screenshot({
        path: `${dir}/analytics-creator-${name}.png`,
        fullPage: true,
      });
    await creator.close();
  }
});
