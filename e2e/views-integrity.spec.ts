/**
 * Views a brand can trust. A real viewer's view counts; replayed, scripted, half-hidden,
 * hidden-tab and headless views do not (or no more than the per-address allowance).
 *
 * Every journey runs from 127.0.0.1, so each uses its own demo video: the per-address cap
 * (VIEWS_PER_IP_PER_DAY per video) is then not used up by another journey, and a journey that
 * expects no view could still see one if the rule it tests were broken. Counts are read signed in
 * (the admin), past the signed-out feed's micro-cache.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { VIEWS_PER_IP_PER_DAY } from '@adreel/domain';
import { accessToken, DEMO, feedWithAtLeast, signInThroughScreen } from './support/api';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from './support/test';

/** What an ordinary desktop Chrome says it is (headless Chromium says "HeadlessChrome"). */
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HEADLESS_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

/** The demo videos each journey uses (apps/server/src/modules/videos/demo-videos.ts). */
const VIDEOS = {
  real: 'Pattern play',
  hidden: 'Deep focus in 10 seconds',
  halfOff: 'Weekend drop',
  headless: 'Aero Runner: first mile',
  script: 'My morning ritual',
} as const;

interface Video {
  id: string;
  title: string;
  views: number;
}

let videos: Video[] = [];
let adminToken = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  videos = await feedWithAtLeast(request, 5);
  adminToken = await accessToken(request, DEMO.admin);
});

function video(title: string): Video {
  const found = videos.find((v) => v.title === title);
  if (!found) throw new Error(`no demo video "${title}" in the feed`);
  return found;
}

/** A video's counted views now, read signed in (not from the signed-out micro-cache). */
async function countedViews(request: APIRequestContext, id: string): Promise<number> {
  const res = await request.get(`/api/feed?start=${id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(res.ok()).toBeTruthy();
  const page = (await res.json()) as { videos: Video[] };
  const found = page.videos.find((v) => v.id === id);
  if (!found) throw new Error(`video ${id} is not in the feed`);
  return found.views;
}

interface SentBatch {
  body: string;
  status: number;
  events: { action: string; metricType?: string; videoId: string; impression?: string }[];
}

/** Records every metric batch the page sends (fetch or beacon), once the server has answered. */
function recordBatches(page: Page): SentBatch[] {
  const batches: SentBatch[] = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().endsWith('/api/metrics') || request.method() !== 'POST') return;
    const body = request.postDataBuffer()?.toString('utf8') ?? '';
    const response = await request.response();
    let events: SentBatch['events'] = [];
    try {
      events = (JSON.parse(body) as { events: SentBatch['events'] }).events;
    } catch {
      // A beacon whose body the browser does not show: counted by the server's figures below.
    }
    batches.push({ body, status: response?.status() ?? 0, events });
  });
  return batches;
}

const sentView = (batches: SentBatch[], id: string) =>
  batches.some((batch) =>
    batch.events.some((event) => event.videoId === id && event.metricType === 'views'),
  );

/** Seconds of the video element labelled `title` played so far (its played ranges). */
function played(page: Page, title: string): Promise<number> {
  return page.evaluate((label) => {
    const element = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
    if (!element) return 0;
    let total = 0;
    for (let i = 0; i < element.played.length; i += 1) {
      total += element.played.end(i) - element.played.start(i);
    }
    return total;
  }, title);
}

/**
 * Waits until the video has played well past the view's 3 s and the 2 s a batch waits for company,
 * then makes the page send whatever it still holds (as it would on leaving).
 */
async function playPastTheView(page: Page, title: string) {
  await expect.poll(() => played(page, title), { timeout: 30_000 }).toBeGreaterThan(6.5);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
}

async function newViewer(
  browser: Browser,
  userAgent = DESKTOP_CHROME,
  options: { bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    userAgent,
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  return { context, page: await context.newPage() };
}

test("a real viewer's view counts once, and replaying the browser's own requests 50 times with new device ids adds at most the per-address allowance", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const target = video(VIDEOS.real);
  const before = await countedViews(request, target.id);
  const { context, page } = await newViewer(browser);
  const batches = recordBatches(page);
  await page.goto(`/feed?start=${target.id}`);
  await expect(page.getByRole('article').first()).toHaveAttribute(
    'aria-label',
    new RegExp(`^${target.title} by`),
  );

  await expect.poll(() => sentView(batches, target.id), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => countedViews(request, target.id), { timeout: 15_000 }).toBe(before + 1);
  // The view went with the impression token the feed gave this browser.
  const viewBatch = batches.find((batch) =>
    batch.events.some((event) => event.videoId === target.id && event.metricType === 'views'),
  );
  expect(viewBatch?.status).toBe(202);
  expect(viewBatch?.events.every((event) => typeof event.impression === 'string')).toBe(true);

  // The same requests, replayed from the same address with a new device id each time.
  const replay = JSON.parse(viewBatch?.body ?? '{}') as Record<string, unknown>;
  for (let i = 0; i < 50; i += 1) {
    const res = await page.request.post('/api/metrics', {
      headers: { 'content-type': 'application/json', 'user-agent': DESKTOP_CHROME },
      data: { ...replay, deviceId: randomUUID() },
    });
    expect(res.status()).toBeLessThan(500);
  }
  const after = await countedViews(request, target.id);
  expect(after - before).toBeGreaterThanOrEqual(1);
  expect(after - before).toBeLessThanOrEqual(VIEWS_PER_IP_PER_DAY);
  await context.close();
});

test('a script posting events without a browser adds nothing, with or without a token it fetched', async ({
  playwright,
  request,
}) => {
  const target = video(VIDEOS.script);
  const before = await countedViews(request, target.id);
  const script = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'user-agent': DESKTOP_CHROME },
  });
  // No token: 50 forged devices.
  for (let i = 0; i < 50; i += 1) {
    const res = await script.post('/api/metrics', {
      data: {
        deviceId: randomUUID(),
        events: [{ action: 'increment', videoId: target.id, metricType: 'views', increment: 1 }],
      },
    });
    expect(res.status()).toBeLessThan(500);
  }
  // A token the script read from the feed for its device, spent at once: 3 s of playback claimed
  // milliseconds after the video was served.
  const deviceId = randomUUID();
  const feed = await script.get(`/api/feed?start=${target.id}`, {
    headers: { 'x-device-id': deviceId },
  });
  const impression = ((await feed.json()) as { impressions: Record<string, string> }).impressions[
    target.id
  ];
  expect(impression).toBeTruthy();
  const res = await script.post('/api/metrics', {
    data: {
      deviceId,
      events: [
        { action: 'increment', videoId: target.id, metricType: 'views', increment: 1, impression },
      ],
    },
  });
  expect(res.status()).toBeLessThan(500);
  expect(await countedViews(request, target.id)).toBe(before);
  await script.dispose();
});

test('a video less than half on screen gets no view', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const target = video(VIDEOS.halfOff);
  const before = await countedViews(request, target.id);
  // The page's CSP refuses an added <style>: this test's browser lets it in.
  const { context, page } = await newViewer(browser, DESKTOP_CHROME, { bypassCSP: true });
  // Each ad's frame slides 60% of its height down inside the feed, which clips it: about 40% of
  // the video shows. The feed still takes it for the one on screen and plays it.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '[data-feed-item] > div:first-child { transform: translateY(60%); }';
      document.head.append(style);
    });
  });
  const batches = recordBatches(page);
  await page.goto(`/feed?start=${target.id}`);
  const element = page.getByLabel(target.title, { exact: true });
  // About 42% of it is on screen (measured as the browser measures it).
  const onScreen = await element.evaluate(
    (node) =>
      new Promise<number>((resolve) => {
        const observer = new IntersectionObserver((entries) => {
          observer.disconnect();
          resolve(entries[0]?.intersectionRatio ?? 0);
        });
        observer.observe(node);
      }),
  );
  expect(onScreen).toBeGreaterThan(0.3);
  expect(onScreen).toBeLessThan(0.5);
  await playPastTheView(page, target.title);
  expect(sentView(batches, target.id)).toBe(false);
  expect(await countedViews(request, target.id)).toBe(before);
  await context.close();
});

test('a video playing in a hidden tab gets no view', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const target = video(VIDEOS.hidden);
  const before = await countedViews(request, target.id);
  const { context, page } = await newViewer(browser);
  // Headless Chromium keeps every page visible: the page is told it is hidden, as a background tab is.
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden' });
    Object.defineProperty(Document.prototype, 'hidden', { get: () => true });
  });
  const batches = recordBatches(page);
  await page.goto(`/feed?start=${target.id}`);
  const element = page.getByLabel(target.title, { exact: true });
  await expect(element).toBeAttached();
  // The feed holds playback in a hidden tab; a page that plays it anyway earns no view either.
  await expect(element).toHaveJSProperty('paused', true);
  await element.evaluate((node: HTMLVideoElement) => {
    node.muted = true;
    return node.play();
  });
  await playPastTheView(page, target.title);
  expect(sentView(batches, target.id)).toBe(false);
  expect(await countedViews(request, target.id)).toBe(before);
  await context.close();
});

test('a headless browser gets no view, though it plays the video through', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const target = video(VIDEOS.headless);
  const before = await countedViews(request, target.id);
  const { context, page } = await newViewer(browser, HEADLESS_CHROME);
  const batches = recordBatches(page);
  await page.goto(`/feed?start=${target.id}`);
  // The page sends its view like any other, with its token; the server files it as filtered.
  await expect.poll(() => sentView(batches, target.id), { timeout: 30_000 }).toBe(true);
  const viewBatch = batches.find((batch) =>
    batch.events.some((event) => event.videoId === target.id && event.metricType === 'views'),
  );
  expect(viewBatch?.status).toBe(202);
  expect(await countedViews(request, target.id)).toBe(before);
  await context.close();
});

/**
 * Not a check: with SHOTS_DIR set, pictures of How we count, the brand's Performance tab and
 * Creator Home (after the journeys above left filtered traffic) at a phone's and a laptop's size.
 */
test('screenshots of How we count and the Performance tab', async ({ browser }) => {
  const dir = process.env.SHOTS_DIR;
  test.skip(!dir, 'SHOTS_DIR not set');
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [name, viewport] of [
    ['390x844', { width: 390, height: 844 }],
    ['1280x800', { width: 1280, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ viewport, userAgent: DESKTOP_CHROME });
    const page = await context.newPage();
    await page.goto('/how-we-count');
    await expect(page.getByRole('heading', { level: 1, name: 'How we count' })).toBeVisible();
    await page.screenshot({ path: `${dir}/how-we-count-${name}.png`, fullPage: true });
    await page.screenshot({ path: `${dir}/how-we-count-${name}-top.png` });
    await signInThroughScreen(page, DEMO.brand);
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/brand/dashboard');
    await page.getByRole('tab', { name: 'Performance' }).click();
    await expect(page.getByText(/^Filtered: /)).toBeVisible();
    await expect(
      page
        .getByRole('img', { name: 'Chart of daily views, likes and shares' })
        .locator('svg')
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: `${dir}/performance-${name}.png`, fullPage: true });
    await context.close();

    const creator = await browser.newContext({ viewport, userAgent: DESKTOP_CHROME });
    const creatorPage = await creator.newPage();
    await signInThroughScreen(creatorPage, DEMO.creator);
    await expect(creatorPage).not.toHaveURL(/\/auth/);
    await creatorPage.goto('/creator/home');
    await expect(creatorPage.getByText(/^Filtered: /)).toBeVisible();
    await creatorPage.screenshot({ path: `${dir}/creator-home-${name}.png`, fullPage: true });
    await creator.close();
  }
});
