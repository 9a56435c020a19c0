/**
 * Accessibility of every screen for every role: axe on each route a visitor,
 * viewer, creator, brand and admin can open, on each of its tabs, and with a dialog open where the
 * role has one at hand. No serious or critical violation. The console guard of ./support/test
 * holds too: no console error, page error or CSP violation on any of these screens.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, feedWithAtLeast, signInThroughScreen } from './support/api';
import { expect, test } from './support/test';

type Role = 'visitor' | 'viewer' | 'creator' | 'brand' | 'admin';

/** Every route of docs/product.md §2 open to anyone, plus the mailed links without a token and a 404. */
const PUBLIC = [
  '/',
  '/feed',
  '/briefs',
  '/guidelines',
  '/how-we-count',
  '/profile',
  '/leaderboard/videos',
  '/leaderboard/creators',
  '/no/such/screen',
];
const SIGNED_OUT = ['/auth', '/join', '/auth/verify', '/auth/reset'];

const ROUTES: Record<Role, string[]> = {
  visitor: [...PUBLIC, ...SIGNED_OUT],
  viewer: [...PUBLIC, '/account'],
  creator: [
    ...PUBLIC,
    '/creator/home',
    '/creator/upload',
    '/creator/videos',
    '/creator/earnings',
    '/account',
  ],
  brand: [...PUBLIC, '/brand/dashboard', '/account'],
  admin: [
    ...PUBLIC,
    '/admin',
    '/admin/invites',
    '/admin/whitelist',
    '/admin/outbox',
    '/admin/jobs',
    '/admin/audit',
    '/account',
  ],
};

const EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  viewer: DEMO.viewer,
  creator: DEMO.creator,
  brand: DEMO.brand,
  admin: DEMO.admin,
};

/** The screen has rendered and loaded what it shows: no static shell, no skeleton, no spinner. */
async function settled(page: Page) {
  await expect(page.locator('[data-static-shell]')).toHaveCount(0);
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Entrance animations (fade-up) have ended: axe measures colours as painted, and text still fading
 * in reads as low contrast. Endless ones (skeleton pulse, spinners) are not waited for.
 */
async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Serious and critical violations, one line each with the first nodes that have them. */
async function blocking(page: Page): Promise<string[]> {
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}${v.nodes.length > 3 ? ` …${v.nodes.length} in all` : ''}`,
    );
}

/** axe on the route as it opens and on each of its tabs. */
async function checkRoute(page: Page, route: string, found: string[]) {
  await page.goto(route);
  await settled(page);
  const record = async (where: string) => {
    for (const line of await blocking(page)) found.push(`${where}: ${line}`);
  };
  await record(route);
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  for (let index = 1; index < count; index += 1) {
    const tab = tabs.nth(index);
    const name = (await tab.textContent())?.trim() ?? String(index);
    await tab.click();
    await settled(page);
    await record(`${route} [tab ${name}]`);
  }
}

/** A dialog the role can open, checked open: the component library's dialog with its scroll lock. */
async function checkDialogs(page: Page, role: Role, found: string[]) {
  const record = async (where: string) => {
    await expect(page.getByRole('dialog')).toBeVisible();
    // The scroll lock's <style> element (react-remove-scroll-bar) applies: it carries the page's
    // nonce (decision 034). Blocked, the page behind the dialog would still scroll.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    for (const line of await blocking(page)) found.push(`${where}: ${line}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  if (role !== 'visitor') {
    await page.goto('/feed');
    const item = page.getByRole('article').first();
    await item.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await record('/feed [Report Content dialog]');
  }
  if (role === 'brand') {
    await page.goto('/brand/dashboard');
    await settled(page);
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    await record('/brand/dashboard [Create Campaign dialog]');
  }
  if (role === 'admin') {
    await page.goto('/admin/outbox');
    await settled(page);
    const mail = page.getByRole('main').getByRole('button', { name: /^To / }).first();
    if ((await mail.count()) > 0) {
      await mail.click();
      await record('/admin/outbox [mail dialog]');
    }
  }
}

test.beforeAll(async ({ request }) => {
  // The feed's demo videos are made in the background after the server starts.
  test.setTimeout(150_000);
  await feedWithAtLeast(request, 1);
});

for (const role of Object.keys(ROUTES) as Role[]) {
  test(`every route ${role === 'admin' ? 'an' : 'a'} ${role} can open has no serious or critical accessibility violations`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    if (role !== 'visitor') {
      await signInThroughScreen(page, EMAIL[role]);
      await expect(page).not.toHaveURL(/\/auth$/);
    }
    const found: string[] = [];
    for (const route of ROUTES[role]) await checkRoute(page, route, found);
    await checkDialogs(page, role, found);
    expect(found).toEqual([]);
  });
}

test.describe('the style policy', () => {
  test.use({
    consoleAllow: [
      {
        pattern: /\[securitypolicyviolation\] style-src-elem|Applying inline style violates/,
        reason: 'this test adds a <style> element without the nonce, to see it blocked',
      },
    ],
  });

  test("applies a <style> element with the page's nonce and blocks, and reports, one without", async ({
    page,
    consoleReports,
  }) => {
    await page.goto('/guidelines');
    await settled(page);
    const applied = await page.evaluate(() => {
      const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
      const add = (name: string, nonce?: string) => {
        const style = document.createElement('style');
        if (nonce) style.setAttribute('nonce', nonce);
        style.textContent = `body { --probe-${name}: 1px; }`;
        document.head.append(style);
      };
      add('with', meta?.nonce);
      add('without');
      const body = getComputedStyle(document.body);
      return {
        // Hidden from the markup once parsed, as browsers do for a nonce under a CSP header.
        attribute: meta?.getAttribute('nonce'),
        withNonce: body.getPropertyValue('--probe-with'),
        withoutNonce: body.getPropertyValue('--probe-without'),
      };
    });
    expect(applied).toEqual({ attribute: '', withNonce: '1px', withoutNonce: '' });
    await expect
      .poll(() => consoleReports.filter((r) => r.includes('[securitypolicyviolation]')))
      .toEqual([expect.stringContaining('style-src-elem blocked inline')]);
  });
});
