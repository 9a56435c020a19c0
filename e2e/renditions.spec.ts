import type { APIRequestContext } from '@playwright/test';
import { accessToken, approveWhenProcessed, DEMO, unique, uploadThroughApi } from './support/api';
import { makeClip } from './support/clips';
import { expect, test } from './support/test';

/**
 * The feed plays a rung of each video's ladder chosen from the connection. On an emulated
 * slow link the first video is fetched at the lowest rung; once downloads run fast, a later video
 * is fetched at a higher rung (asserted on the media URLs the page requested).
 */

interface Rendition {
  name: '360p' | '540p' | '720p';
  url: string;
}
interface LadderedVideo {
  id: string;
  fileUrl: string;
  renditions: Rendition[] | null;
}

/** The page of the feed that starts at `id`, as a signed-out viewer gets it (and the page for it embeds). */
async function feedFrom(request: APIRequestContext, id: string): Promise<LadderedVideo[]> {
  const res = await request.get(`/api/feed?start=${id}`);
  return res.ok() ? ((await res.json()) as { videos: LadderedVideo[] }).videos : [];
}

/**
 * Videos of this journey's own, each with its ladder: the demo videos are made after a first
 * start's backfill and get theirs only at the next start (decision 033). Uploaded as the demo
 * creator, approved as the admin, then waited on until the worker has made their ladders.
 */
async function seedLadderedVideos(request: APIRequestContext, count: number): Promise<string[]> {
  const token = await accessToken(request, DEMO.creator);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const clip = await makeClip(`ladder-${i}`, 20, { fps: 15 });
    const title = unique(`Ladder ${i} `);
    await uploadThroughApi(request, token, clip, {
      filename: `ladder-${i}.mp4`,
      filetype: 'video/mp4',
      title,
    });
    ids.push(await approveWhenProcessed(request, title));
  }
  for (const id of ids) {
    await expect
      .poll(
        async () =>
          (await feedFrom(request, id)).find((video) => video.id === id)?.renditions?.length ?? 0,
        { timeout: 120_000, intervals: [2_000], message: `the ladder of video ${id}` },
      )
      .toBeGreaterThanOrEqual(2);
  }
  return ids;
}

/**
 * A slow link the browser itself calls slow: Chromium's Network Information API follows the
 * emulation, and at a 300 ms round trip its effectiveType is "3g", where the feed starts on the
 * lowest rung whatever the rungs' bit rates (on emulated slow 4G it reports "4g" and about
 * 1.5 Mbit/s, under which a well-compressed clip's higher rungs may fit).
 */
const SLOW_LINK = { latency: 300, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

test.use({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
});

test('a slow link first: the first video at the lowest rung; after fast downloads a later video steps up', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const ids = await seedLadderedVideos(request, 4);
  const videos = await feedFrom(request, ids[0] as string);
  // Which video and rung each rendition's URL is.
  const rungOf = new Map<string, { index: number; name: string; lowest: boolean }>();
  for (const [index, video] of videos.entries()) {
    for (const [position, rendition] of (video.renditions ?? []).entries()) {
      rungOf.set(new URL(rendition.url, 'http://x').pathname, {
        index,
        name: rendition.name,
        lowest: position === 0,
      });
    }
  }
  const requested: { index: number; name: string; lowest: boolean }[] = [];
  page.on('request', (req) => {
    const rung = rungOf.get(new URL(req.url()).pathname);
    if (rung && !requested.some((r) => r.index === rung.index && r.name === rung.name))
      requested.push(rung);
  });

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_LINK });
  await page.goto(`/feed?start=${ids[0]}`);

  await expect.poll(() => requested.find((r) => r.index === 0)).toBeTruthy();
  expect(requested.find((r) => r.index === 0)).toMatchObject({ lowest: true });
  // The first frame shows on the slow link (the page's own video, then the feed's player taking
  // over from it), then the link turns fast (Wi-Fi): the first video's download (20 s at the lowest
  // rung, most of it still to come) ends fast.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            (document.querySelector<HTMLVideoElement>('[data-index="0"] video')?.readyState ?? 0) >=
              2 && !document.querySelector('[data-first-video]'),
        ),
      { timeout: 60_000 },
    )
    .toBe(true);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // The first video finishes downloading fast: the session's estimate now says a fast link.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const video = document.querySelector<HTMLVideoElement>('[data-index="0"] video');
          if (!video || !Number.isFinite(video.duration)) return false;
          const { buffered } = video;
          return buffered.length > 0 && buffered.end(buffered.length - 1) >= video.duration - 0.1;
        }),
      { timeout: 60_000 },
    )
    .toBe(true);
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('adreel:throughput')))
    .not.toBeNull();

  // Swipe on: a video chosen after the fast downloads (one mounted only after the first swipe: 3 or
  // more after the first) is fetched at a higher rung than the lowest.
  const later = videos.findIndex(
    (video, index) => index >= 3 && (video.renditions?.length ?? 0) >= 2,
  );
  expect(later, 'a video with a ladder three or more after the first').toBeGreaterThanOrEqual(3);
  for (let step = 1; step <= later - 1; step++) {
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('[data-feed-item]').nth(step)).toBeInViewport({ ratio: 0.9 });
  }
  await expect
    .poll(() => requested.find((r) => r.index === later), {
      timeout: 30_000,
      message: `media requested: ${JSON.stringify(requested)}`,
    })
    .toMatchObject({ lowest: false });
  // The first video played only its lowest rung: nothing was fetched twice at two rungs for it.
  expect(requested.filter((r) => r.index === 0)).toHaveLength(1);
});
