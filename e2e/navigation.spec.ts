import { expect, test } from './support/test';

test('an unknown path shows the 404 page, and Return to Home goes to /', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Platform Features' })).toBeVisible();
});

test('a signed-out visitor of /creator/home lands on /auth', async ({ page }) => {
  await page.goto('/creator/home');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the drawer stays open across a reload', async ({ page }) => {
  await page.goto('/guidelines');
  const menu = page.getByRole('button', { name: /menu/i });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const drawer = page.getByRole('navigation', { name: /main/i });
  await expect(drawer.getByRole('link', { name: 'Guidelines' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: /menu/i })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(
    page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Guidelines' }),
  ).toBeVisible();

  await page.getByRole('button', { name: /menu/i }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: /menu/i })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('the guidelines page states the technical limits and leads back to the app', async ({
  page,
}) => {
  await page.goto('/guidelines');
  await expect(page.getByRole('heading', { name: 'Technical Requirements' })).toBeVisible();
  await expect(page.getByText(/30 seconds/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to App' }).click();
  await expect(page).toHaveURL(/\/feed$/);
});
