import { accessToken, DEMO, signInThroughScreen, signUpVerified, unique } from './support/api';
import { expect, test } from './support/test';

const PASSWORD = 'a good password';

test('a new creator finds Earnings from Creator Home, at $0 with the invitation to a first approved ad', async ({
  page,
  request,
}) => {
  // A fresh creator, so no other journey's approvals can have earned anything yet.
  const token = await accessToken(request, DEMO.admin);
  const invite = await request.post('/api/admin/invites', {
    headers: { authorization: `Bearer ${token}` },
    data: { role: 'creator', expiryDays: 1, count: 1 },
  });
  expect(invite.ok(), await invite.text()).toBeTruthy();
  const code = (await invite.json()).invites[0].code as string;
  const username = unique('earner');
  const email = `${username}@example.com`;
  await signUpVerified(request, {
    username,
    email,
    password: PASSWORD,
    role: 'creator',
    inviteCode: code,
  });

  await signInThroughScreen(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/creator\/home$/);
  await page.getByRole('link', { name: 'View Earnings' }).click();
  await expect(page).toHaveURL(/\/creator\/earnings$/);
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();

  const totals = page.getByRole('definition');
  await expect(totals).toHaveText(['$0', '$0']);
  await expect(page.getByRole('term')).toHaveText(['Total earnings', 'Paid out']);
  await expect(page.getByText('Guadagna caricando la tua prima ad approvata.')).toBeVisible();
  await page.getByRole('link', { name: 'Browse Campaigns' }).click();
  await expect(page).toHaveURL(/\/briefs$/);
});
