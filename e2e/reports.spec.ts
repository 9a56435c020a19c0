import {
  accessToken,
  approveWhenProcessed,
  DEMO,
  feedVideo,
  mailContaining,
  signInThroughScreen,
  unique,
  uploadThroughApi,
} from './support/api';
import { makeClip } from './support/clips';
import { expect, test } from './support/test';

test('a reported video removed by the admin leaves the feed, and the reporter is told by mail and on their account', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A video of its own, so removing it takes nothing from the other journeys' demo feed.
  const clip = await makeClip('reported', 4);
  const title = unique('Miracle pills ');
  await uploadThroughApi(request, await accessToken(request, DEMO.creator), clip, {
    filename: 'reported.mp4',
    filetype: 'video/mp4',
    title,
    caption: 'Lose ten kilos overnight, guaranteed.',
  });
  const videoId = await approveWhenProcessed(request, title);
  const reason = unique('Promises impossible weight loss ');

  const viewer = await (await browser.newContext()).newPage();
  await signInThroughScreen(viewer, DEMO.viewer);
  await expect(viewer).toHaveURL(/\/feed$/);
  await viewer.goto(`/feed?start=${videoId}`);
  const item = viewer.getByRole('article').first();
  await expect(item).toHaveAttribute('aria-label', new RegExp(`^${title} by`));
  await item.getByRole('button', { name: 'More actions' }).click();
  await viewer.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = viewer.getByRole('dialog', { name: 'Report Content' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(
    viewer.getByText('Report submitted. Thank you for helping keep our community safe.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Reporting it again while the report is open is told kindly, and files nothing more.
  await item.getByRole('button', { name: 'More actions' }).click();
  await viewer.getByRole('menuitem', { name: 'Report' }).click();
  await dialog.getByLabel('Reason').fill(`${reason} (again)`);
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(
    viewer.getByText(
      "You've already reported this video. Our team will review it within 24 hours.",
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  const admin = await (await browser.newContext()).newPage();
  await signInThroughScreen(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('tab', { name: /^Reports [1-9]/ }).click();
  const card = admin.getByRole('listitem').filter({ hasText: reason });
  await expect(card.getByText('@demo_viewer')).toBeVisible();
  await expect(card.getByLabel(`Preview of ${title}`)).toBeVisible();
  await card.getByRole('button', { name: `Remove video ${title}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Remove this video?' });
  // The creator is told too, with the admin's reason.
  const why = unique('Promises a cure ');
  await confirm.getByLabel('Reason').fill(why);
  await confirm.getByRole('button', { name: 'Remove video' }).click();
  await expect(admin.getByText('Video removed', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  await admin.getByRole('button', { name: 'Closed' }).click();
  await expect(
    admin.getByRole('listitem').filter({ hasText: reason }).getByText('Video removed'),
  ).toBeVisible();

  // Off the feed for everyone.
  expect(await feedVideo(request, videoId)).toBeUndefined();
  const mail = await mailContaining(request, DEMO.viewer, 'report_outcome', reason);
  expect(mail.subject).toContain('the video was removed');
  const told = await mailContaining(request, DEMO.creator, 'video_rejected', why);
  expect(told.textBody).toContain(`"${title}" was removed after a report`);

  await viewer.goto('/account');
  const row = viewer
    .getByRole('region', { name: 'Your reports' })
    .getByRole('listitem')
    .filter({ hasText: reason });
  await expect(row.getByText('Removed', { exact: true })).toBeVisible();
});
