/**
 * Every screen fits a phone. At 390×844, for every role (visitor, viewer unverified and
 * verified, creator, brand, admin), with the longest unbroken text the forms accept seeded first
 * (support/hostile.ts: names, captions, titles, a brief, a report reason), no route scrolls
 * sideways, and the feed's controls and the tab bar are on screen, above the tab bar, even under
 * the "Verify your email" banner. One page per role; the routes are visited in turn.
 */

import { DEMO, DEMO_PASSWORD, signInThroughScreen } from './support/api';
import {
  ADMIN_ROUTES,
  BRAND_ROUTES,
  CREATOR_ROUTES,
  type HostileWorld,
  PUBLIC_ROUTES,
  seedHostileWorld,
} from './support/hostile';
import { type APIRequestContext, expect, type Page, test } from './support/test';

const PHONE = { width: 390, height: 844 };
/** Screens whose tabs each show a different list: every tab is measured. */
const TABS: Record<string, string[]> = {
  '/brand/dashboard': ['Campaigns', 'Submissions', 'Payments', 'Performance'],
  '/admin': ['Pending', 'Reports', 'Tools'],
};

let world: HostileWorld | undefined;
/** Seeded once for the file (again only if a failed test restarted the worker). */
async function seeded(request: APIRequestContext): Promise<HostileWorld> {
  world ??= await seedHostileWorld(request);
  return world;
}

/** Waits until the screen has its content: no skeleton, no "Loading" left. */
async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('main .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Loading', { exact: true })).toHaveCount(0);
}

async function sideways(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
}

/** Every route in turn (and every tab of a tabbed one): the page is never wider than the screen. */
async function noSidewaysScroll(page: Page, routes: string[]) {
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settled(page);
    for (const tab of TABS[new URL(page.url()).pathname] ?? [null]) {
      if (tab) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await settled(page);
      }
      const { scrollWidth, innerWidth } = await sideways(page);
      if (scrollWidth > innerWidth)
        wide.push(`${route}${tab ? ` (${tab})` : ''}: ${scrollWidth}px`);
    }
  }
  expect(wide, `wider than ${PHONE.width}px`).toEqual([]);
}

/** The box of a locator, which must be whole inside the viewport and above the tab bar. */
async function onScreen(page: Page, what: string, box: { y: number; height: number } | null) {
  const tabBar = await page.getByRole('navigation', { name: 'Tab bar' }).boundingBox();
  expect(box, what).not.toBeNull();
  expect(tabBar, 'tab bar').not.toBeNull();
  if (!box || !tabBar) return;
  expect(tabBar.y + tabBar.height, 'tab bar inside the viewport').toBeLessThanOrEqual(PHONE.height);
  expect(box.y, `${what} below the top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} above the tab bar`).toBeLessThanOrEqual(tabBar.y);
}

/** The first ad's controls: caption, call to action, like, save and "…" all reachable. */
async function feedControlsReachable(page: Page) {
  await page.goto('/feed');
  const ad = page.getByRole('article').first();
  await expect(ad).toBeVisible();
  for (const name of ['Like', 'Save', 'More actions']) {
    await onScreen(page, name, await ad.getByRole('button', { name }).first().boundingBox());
  }
  const cta = ad.getByRole('link', { name: /./ }).last();
  await onScreen(page, 'call to action', await cta.boundingBox());
}

async function signedInPage(
  browser: import('@playwright/test').Browser,
  account: { email: string; password: string } | null,
) {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const page = await context.newPage();
  if (account) {
    await signInThroughScreen(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname !== '/auth');
  }
  return page;
}

test.describe('every screen fits a 390 px phone', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a visitor', async ({ browser, request }) => {
    await seeded(request);
    const page = await signedInPage(browser, null);
    await noSidewaysScroll(page, PUBLIC_ROUTES);
    await feedControlsReachable(page);
    await page.context().close();
  });

  test('a viewer whose address is not verified yet, under the banner', async ({
    browser,
    request,
  }) => {
    const { unverified } = await seeded(request);
    const page = await signedInPage(browser, unverified);
    await expect(page.getByRole('region', { name: 'Email verification' })).toBeVisible();
    await feedControlsReachable(page);
    await noSidewaysScroll(page, [...PUBLIC_ROUTES, '/account']);
    await page.context().close();
  });

  test('a verified viewer', async ({ browser, request }) => {
    const { viewer } = await seeded(request);
    const page = await signedInPage(browser, viewer);
    await noSidewaysScroll(page, [...PUBLIC_ROUTES, '/account']);
    await feedControlsReachable(page);
    await page.context().close();
  });

  test('a creator, whose entry the brand turned down', async ({ browser, request }) => {
    const { creator, rejectedVideoTitle } = await seeded(request);
    const page = await signedInPage(browser, creator);
    await noSidewaysScroll(page, [...PUBLIC_ROUTES, ...CREATOR_ROUTES, '/account']);
    // My Videos says what Earnings says of the same entry.
    await page.goto('/creator/videos');
    const row = page.getByRole('listitem').filter({ hasText: rejectedVideoTitle.slice(0, 40) });
    await expect(row.getByText('Not selected', { exact: true })).toBeVisible();
    await page.goto('/creator/earnings');
    await expect(page.getByText('Not selected', { exact: true }).first()).toBeVisible();
    await page.context().close();
  });

  test('a brand', async ({ browser, request }) => {
    const { brand } = await seeded(request);
    const page = await signedInPage(browser, brand);
    await noSidewaysScroll(page, [...PUBLIC_ROUTES, ...BRAND_ROUTES, '/account']);
    await page.context().close();
  });

  test('the admin, with a report whose reason is one long word', async ({ browser, request }) => {
    await seeded(request);
    const page = await signedInPage(browser, { email: DEMO.admin, password: DEMO_PASSWORD });
    await noSidewaysScroll(page, [
      ...ADMIN_ROUTES,
      ...BRAND_ROUTES,
      ...CREATOR_ROUTES,
      ...PUBLIC_ROUTES,
      '/account',
    ]);
    // The Reports tab's actions stay on screen beside the longest reason.
    await page.goto('/admin');
    await page.getByRole('tab', { name: /^Reports/ }).click();
    const remove = page.getByRole('button', { name: /^Remove video/ }).first();
    await remove.scrollIntoViewIfNeeded();
    const box = await remove.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });
});
