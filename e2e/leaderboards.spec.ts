import { mkdirSync } from 'node:fs';
import { LEADERBOARD_MIN_VIEWS } from '@adreel/domain';
import {
  accessToken,
  approveWhenProcessed,
  DEMO,
  feedWithAtLeast,
  signInThroughScreen,
  unique,
  uploadThroughApi,
} from './support/api';
import { makeClip } from './support/clips';
import { expect, type Locator, test } from './support/test';

interface TopVideo {
  rank: number;
  caption: string | null;
  creator: { username: string };
  decayedScore: number;
  views: number;
  likes: number;
  shares: number;
  watchTimeAvg: number;
}

interface TopCreator {
  rank: number;
  creator: { username: string; displayName: string };
  averageScore: number;
  totalViews: number;
  videoCount: number;
}

/** docs/product.md §9, written out again here so the page is checked against the rule, not its own code. */
const thousands = (count: number) => `${(Math.round(count / 100) / 10).toFixed(1)}K`;
const score = (value: number) => String(Math.round(value * 100));

/** Ordered by the first key descending, ties by the second descending (docs/product.md §7). */
function ranked<T>(rows: T[], first: (row: T) => number, second: (row: T) => number): T[] {
  return [...rows].sort((a, b) => first(b) - first(a) || second(b) - second(a));
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  // The demo videos (and their seeded audience) appear in the background after the server starts.
  await feedWithAtLeast(request, 5);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A count cell: shown in thousands (docs/product.md §9), read out in full with its noun. */
async function expectCount(cell: Locator, count: number, one: string, many: string) {
  await expect(cell.locator('[aria-hidden="true"]')).toHaveText(thousands(count));
  await expect(cell.locator('.sr-only')).toHaveText(
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`,
  );
}

test('Top Videos shows the demo ads ranked by decayed score then views, score and watch % as docs/product.md §2 defines them', async ({
  page,
  request,
}) => {
  let videos: TopVideo[] = [];
  await expect
    .poll(async () => {
      const res = await request.get('/api/leaderboard/videos');
      videos = ((await res.json()) as { videos: TopVideo[] }).videos;
      return videos.filter((video) => video.views > 0).length;
    })
    .toBeGreaterThanOrEqual(5);
  const expected = ranked(
    videos,
    (v) => v.decayedScore,
    (v) => v.views,
  );
  expect(videos.map((video) => video.rank)).toEqual(videos.map((_, index) => index + 1));
  // Only videos people watched are ranked.
  expect(videos.every((video) => video.views >= LEADERBOARD_MIN_VIEWS)).toBe(true);

  await page.goto('/leaderboard/videos');
  await expect(page.getByRole('heading', { name: 'Top Videos' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top 3 videos' }).getByRole('listitem')).toHaveCount(
    3,
  );
  const rows = page.getByRole('table', { name: 'Top videos' }).locator('tbody tr');
  await expect(rows).toHaveCount(expected.length);
  for (const [index, video] of expected.entries()) {
    const cells = rows.nth(index).locator('th, td');
    await expect(cells.nth(0)).toContainText(video.caption?.trim() || 'Untitled');
    await expect(cells.nth(0)).toContainText(String(index + 1));
    // Usernames are anyone's text (other journeys store markup in them): matched literally.
    await expect(cells.nth(1)).toHaveText(new RegExp(`@${escapeRegExp(video.creator.username)}$`));
    await expect(cells.nth(2)).toHaveText(score(video.decayedScore));
    await expectCount(cells.nth(3), video.views, 'view', 'views');
    await expectCount(cells.nth(4), video.likes, 'like', 'likes');
    await expect(cells.nth(5)).toHaveText(String(video.shares));
    await expect(cells.nth(6)).toHaveText(`${Math.round(video.watchTimeAvg * 100)}%`);
  }
  // The shown scores read top to bottom never rise.
  const shown = (await rows.locator('td:nth-of-type(2)').allTextContents()).map(Number);
  expect(shown).toEqual([...shown].sort((a, b) => b - a));
});

test('Top Creators ranks the demo creators by average score then total views', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/leaderboard/creators');
  const { creators } = (await res.json()) as { creators: TopCreator[] };
  expect(creators.length).toBeGreaterThan(0);
  const expected = ranked(
    creators,
    (c) => c.averageScore,
    (c) => c.totalViews,
  );

  await page.goto('/leaderboard/creators');
  const rows = page.getByRole('table', { name: 'Top creators' }).locator('tbody tr');
  await expect(rows).toHaveCount(expected.length);
  for (const [index, entry] of expected.entries()) {
    const cells = rows.nth(index).locator('th, td');
    await expect(cells.nth(0)).toContainText(entry.creator.displayName || entry.creator.username);
    await expect(cells.nth(1)).toHaveText(score(entry.averageScore));
    await expectCount(cells.nth(2), entry.totalViews, 'view', 'views');
    await expect(cells.nth(3)).toHaveText(String(entry.videoCount));
  }
  await page
    .getByRole('navigation', { name: 'Switch leaderboard' })
    .getByRole('link', { name: 'Videos' })
    .click();
  await expect(page).toHaveURL(/\/leaderboard\/videos$/);
});

test('the admin recomputes scores from Tools and the board still reads in rank order', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Recompute scores' }).click();
  await expect(page.getByText('Video scores recomputed successfully!')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /videos? scored/ })).toBeVisible();

  await page.goto('/leaderboard/videos');
  const scores = page
    .getByRole('table', { name: 'Top videos' })
    .locator('tbody tr td:nth-of-type(2)');
  await expect(scores.first()).toBeVisible();
  const shown = (await scores.allTextContents()).map(Number);
  expect(shown).toEqual([...shown].sort((a, b) => b - a));
});

test('a new upload nobody has watched yet is not ranked, and the page says why', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Fresh uploads with 0 views, barely decayed, topped the board.
  const clip = await makeClip('unwatched', 3);
  const caption = unique('Nobody watched this yet ');
  const title = unique('Unwatched ');
  await uploadThroughApi(request, await accessToken(request, DEMO.creator), clip, {
    filename: 'unwatched.mp4',
    filetype: 'video/mp4',
    title,
    caption,
  });
  const id = await approveWhenProcessed(request, title);
  const recompute = await request.post('/api/admin/scores/recompute', {
    headers: { authorization: `Bearer ${await accessToken(request, DEMO.admin)}` },
  });
  expect(recompute.ok(), await recompute.text()).toBeTruthy();

  const res = await request.get('/api/leaderboard/videos');
  const { videos } = (await res.json()) as { videos: Array<TopVideo & { id: string }> };
  expect(videos.length).toBeGreaterThan(0);
  expect(videos.map((video) => video.id)).not.toContain(id);

  await page.goto('/leaderboard/videos');
  await expect(
    page.getByText(`Ranked among videos with at least ${LEADERBOARD_MIN_VIEWS} counted views.`),
  ).toBeVisible();
  const rows = page.getByRole('table', { name: 'Top videos' }).locator('tbody tr');
  await expect(rows).toHaveCount(videos.length);
  await expect(page.getByText(caption)).toHaveCount(0);
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/leaderboard-videos-1280x800.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/leaderboard-videos-390x844.png` });
  }
});
