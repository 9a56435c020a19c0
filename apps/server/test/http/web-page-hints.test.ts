/**
 * The page the server sends names what its screen will fetch next (issue 8 item 6): the screen's
 * code from the build's manifest (modulepreload), and on /feed the first video's poster, the feed's
 * largest paint, at high priority; on /feed the page plays the first video itself and asks for the
 * app's code once it has a frame (issue 20).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createVideo } from '../support/factories';

let t: TestApp;

/** A build with an entry, two screens sharing a chunk with it, and one chunk of their own. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'adreel-web-hints-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Adreel</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"><header>Adreel</header></div><!--screen: the first picture--></body></html>',
  );
  mkdirSync(path.join(dist, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_icons-1.js': { file: 'assets/icons-1.js', imports: ['_react-1.js'] },
    'src/routes/feed.tsx': { file: 'assets/feed-1.js', imports: ['_react-1.js', '_icons-1.js'] },
    'src/routes/landing.tsx': { file: 'assets/landing-1.js', imports: ['_react-1.js'] },
    'src/routes/creator-upload.tsx': { file: 'assets/creator-upload-1.js' },
  };
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const page = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
};
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
/**
 * The app's code the page asks for (issue 20): listed for the page's one inline script, which
 * asks for it once the page has shown its first picture; no tag fetches it at once.
 */
const appCode = (html: string) => {
  expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
  const list =
    /<script type="application\/json" id="app-code">([^<]+)<\/script><script>[\s\S]+?<\/script><\/body>/.exec(
      html,
    );
  return JSON.parse(list?.[1] ?? 'null') as { entry: string; preload: string[] };
};
const preloads = (html: string) => appCode(html).preload;

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: fakeBuild() });
});
afterAll(() => t?.close());

describe('the page for a screen', () => {
  it("names the screen's code the page does not already name", async () => {
    expect(preloads(await page('/feed'))).toEqual(['/assets/feed-1.js', '/assets/icons-1.js']);
    expect(preloads(await page('/'))).toEqual(['/assets/landing-1.js']);
    expect(preloads(await page('/creator/upload'))).toEqual(['/assets/creator-upload-1.js']);
  });

  it('names nothing for a path without a screen, and is the app page all the same', async () => {
    const html = await page('/no/such/screen');
    expect(preloads(html)).toEqual([]);
    expect(html).toContain(
      '<div id="root"><header>Adreel</header></div><!--screen: the first picture-->',
    );
    expect(preloads(await page('/__proto__'))).toEqual([]);
  });

  it('names the public read a screen makes first, and nothing else', async () => {
    const reads = (html: string) =>
      [
        ...head(html).matchAll(
          /<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g,
        ),
      ].map((match) => match[1]);
    expect(reads(await page('/briefs'))).toEqual(['/api/campaigns']);
    expect(reads(await page('/leaderboard/videos'))).toEqual(['/api/leaderboard/videos']);
    expect(reads(await page('/leaderboard/creators'))).toEqual(['/api/leaderboard/creators']);
    // The feed's first page depends on who asks (likes): never preloaded without a session.
    expect(reads(await page('/feed'))).toEqual([]);
    expect(reads(await page('/account'))).toEqual([]);
  });

  it("names the first video's poster on /feed, at high priority, and follows ?start=", async () => {
    const posterLink = (html: string) =>
      /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(head(html))?.[1];
    // No videos yet: no poster to name.
    expect(posterLink(await page('/feed'))).toBeUndefined();

    const featured = await createVideo(t.database.db, { status: 'approved', featured: true });
    const other = await createVideo(t.database.db, { status: 'approved' });
    const hidden = await createVideo(t.database.db, { status: 'pending' });
    expect(posterLink(await page('/feed'))).toBe(featured.thumbUrl);
    expect(posterLink(await page(`/feed?start=${other.id}`))).toBe(other.thumbUrl);
    // A start that is not a live video gives the feed's own first; one that is not an id, none
    // (the feed's own request is refused too).
    expect(posterLink(await page(`/feed?start=${hidden.id}`))).toBe(featured.thumbUrl);
    expect(posterLink(await page('/feed?start=%3Cscript%3E'))).toBeUndefined();
    // Other screens never name a poster.
    expect(posterLink(await page('/briefs'))).toBeUndefined();
  });

  it("plays the first video on /feed before the app's code, which waits for its first frame", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/feed' });
    const html = response.body;
    const poster = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(
      html,
    )?.[1];
    expect(poster).toBeTruthy();
    // After #root, where the feed will show it: the app's first render leaves it playing.
    const after = html.slice(html.indexOf('<div id="root">'));
    expect(after).toMatch(
      new RegExp(
        `^<div id="root"><header>Adreel</header></div><div data-first-video="" inert [^>]*><video data-first-rung="" (src|data-rungs)="[^"]+" poster="${poster}" autoplay muted loop playsinline preload="auto"`,
      ),
    );
    expect(after).not.toContain('<!--screen:');
    // The app's code is listed for the script at the end of the page, which asks for it once the
    // video has a frame (on other pages, once the page has painted).
    expect(appCode(html)).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/feed-1.js', '/assets/icons-1.js'],
    });
    // That script runs under the page's policy, which names it by its hash and allows no other.
    const script = /<script>([\s\S]+?)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(script).toContain('video[data-first-rung]');
    const hash = createHash('sha256').update(script).digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(
      String(response.headers['content-security-policy']),
    );
    expect(scriptSrc?.[1]).toBe(`'self' 'sha256-${hash}'`);
    // Other screens keep the place empty; their code waits for the same script.
    const briefs = await page('/briefs');
    expect(briefs).toContain('<!--screen: the first picture-->');
    expect(appCode(briefs)).toEqual({ entry: '/assets/index-1.js', preload: [] });
    expect(/<script>([\s\S]+?)<\/script><\/body>/.exec(briefs)?.[1]).toBe(script);
  });

  it("plays the first video's file without a ladder, and hands a ladder's rungs to the page's script", async () => {
    const plain = await createVideo(t.database.db, { status: 'approved' });
    const plainPage = await page(`/feed?start=${plain.id}`);
    expect(/<video data-first-rung="" src="([^"]+)"/.exec(plainPage)?.[1]).toBe(plain.fileUrl);
    expect(/<video data-first-rung="" [^>]*>/.exec(plainPage)?.[0]).not.toContain('data-rungs');

    const laddered = await createVideo(t.database.db, { status: 'approved' });
    const rung = (name: string, height: number) => ({
      url: `/media/videos/${laddered.id}/${name}.mp4`,
      name,
      width: (height * 9) / 16,
      height,
      bitrateKbps: height,
    });
    await t.database.db.execute(sql`
      update videos set renditions = ${JSON.stringify([rung('540p', 960), rung('360p', 640), rung('720p', 1280)])}::jsonb
      where id = ${laddered.id}`);
    const html = await page(`/feed?start=${laddered.id}`);
    // No src: the page's script sets the rung it chooses (page-video-rung.test.ts) from these.
    const video = /<video data-first-rung="" ([^>]*)>/.exec(html)?.[1] ?? '';
    expect(video).not.toMatch(/(^| )src=/);
    const rungs = /data-rungs="([^"]+)"/.exec(video)?.[1] ?? '';
    expect(JSON.parse(rungs.replace(/&#34;/g, '"'))).toEqual([
      { url: `/media/videos/${laddered.id}/540p.mp4`, height: 960, bitrate: 960_000 },
      { url: `/media/videos/${laddered.id}/360p.mp4`, height: 640, bitrate: 640_000 },
      { url: `/media/videos/${laddered.id}/720p.mp4`, height: 1280, bitrate: 1_280_000 },
    ]);
  });

  it('writes the first page into /feed as GET /api/feed gives it to a signed-out viewer, inert', async () => {
    const title = '</script><script>alert(1)</script> & \u2028 <!--';
    await createVideo(t.database.db, { status: 'approved', featured: true, title });
    const embedded = (html: string) => {
      const found =
        /<script type="application\/json" id="adreel-feed-first-page" data-start="([^"]*)">([^<]*)<\/script>/.exec(
          head(html),
        );
      return found ? { start: found[1], page: JSON.parse(found[2] ?? '') } : null;
    };
    const html = await page('/feed');
    // The title's markup cannot end the element: the head holds this one script (the app's code
    // waits at the end of the page for the first video), the page these two and that one.
    expect(head(html).match(/<script/g)).toHaveLength(1);
    expect(head(html).match(/<\/script>/g)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const api = await t.app.inject({ method: 'GET', url: '/api/feed' });
    expect(embedded(html)).toEqual({ start: '', page: api.json() });
    expect(embedded(html)?.page.videos[0].title).toBe(title);

    const other = await createVideo(t.database.db, { status: 'approved' });
    const started = embedded(await page(`/feed?start=${other.id}`));
    expect(started?.start).toBe(other.id);
    expect(started?.page.videos[0].id).toBe(other.id);
    expect(embedded(await page('/feed?start=nope'))).toBeNull();
    expect(embedded(await page('/briefs'))).toBeNull();
  });
});
