import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';

test('the landing page presents the four platform features and the beta progress', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Platform Features' })).toBeVisible();
  const features = page
    .getByRole('region', { name: 'Platform Features' })
    .getByRole('heading', { level: 3 });
  await expect(features).toHaveCount(4);
  await expect(
    page.getByText('Once 100 people join, the first challenge will begin.'),
  ).toBeVisible();
  await expect(page.getByText('Currently in Private Beta')).toBeVisible();
});

test('Request Access leads to the join page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Request Access' }).click();
  await expect(page).toHaveURL(/\/join$/);
});

test('the landing page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Platform Features' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});
