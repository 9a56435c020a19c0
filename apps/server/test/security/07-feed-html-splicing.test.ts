/**
 * Issue 13 item 7: the page for /feed is built without String.replace patterns. Before, the server
 * spliced the first page into index.html with a replacement string, so `$'`, `` $` ``, `$&` or `$$`
 * in a video's title or caption (anyone who uploads writes one) were read as patterns: the page got
 * a second doctype and its embedded JSON no longer parsed, for every signed-out visitor of /feed.
 * The same held for APP_NAME in the title, the application-name meta and the static top bar.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, withProvider } from '@adreel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createVideo } from '../support/factories';

/** index.html as the web build writes it: title, application-name, wordmark and the screen's place. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'adreel-web-splice-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="application-name" content="Adreel"><title>Adreel</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"><header><span class="wordmark" data-app-name="">Adreel</span></header><!--screen: the first picture--></div></body></html>',
  );
  return dist;
}

/** What a replacement string reads as a pattern, whether or not the expression has groups. */
const ALWAYS_READ = ["$'", '$`', '$&', '$$'] as const;
/** Read only when the expression has (named) groups; inert today, verbatim all the same. */
const PATTERNS = [...ALWAYS_READ, '$1', '$<name>'] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: fakeBuild() });
});
afterAll(() => t?.close());

async function page(app: TestApp['app'], url: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The first page the HTML carries, parsed as the web app parses it (throws if it does not parse). */
function embeddedPage(html: string) {
  const found =
    /<script type="application\/json" id="adreel-feed-first-page" data-start="[^"]*">([^<]*)<\/script>/.exec(
      html,
    );
  if (!found) throw new Error('no first page in the page');
  return JSON.parse(found[1] ?? '') as { videos: Array<{ title: string; caption: string | null }> };
}

/** The name as the page writes it: markup characters as references, `$` as it is. */
const asHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One document: the page's fixed parts each appear once, in order. */
function expectOneDocument(html: string) {
  expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
  expect(html.match(/<head>/g)).toHaveLength(1);
  expect(html.match(/<\/head>/g)).toHaveLength(1);
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html.match(/<div id="root">/g)).toHaveLength(1);
  expect(html.endsWith('</body></html>')).toBe(true);
}

describe('/feed with replacement patterns in a title or caption', () => {
  it.each(ALWAYS_READ)(
    'shows a title and caption holding %s verbatim, in one intact page',
    async (p) => {
      const title = `Summer sale ${p} 50% off`;
      const caption = `Only today ${p} while stocks last`;
      const video = await createVideo(t.database.db, { status: 'approved', title, caption });
      const html = await page(t.app, `/feed?start=${video.id}`);
      expectOneDocument(html);
      const first = embeddedPage(html).videos[0];
      expect(first?.title).toBe(title);
      expect(first?.caption).toBe(caption);
      // The same page as the API gives a signed-out viewer.
      const api = await t.app.inject({ method: 'GET', url: `/api/feed?start=${video.id}` });
      expect(embeddedPage(html)).toEqual(api.json());
    },
  );

  it('keeps every pattern at once verbatim, the poster and the page around it intact', async () => {
    const title = PATTERNS.join(' ');
    const video = await createVideo(t.database.db, {
      status: 'approved',
      title,
      caption: `${title} ${title}`,
    });
    const html = await page(t.app, `/feed?start=${video.id}`);
    expectOneDocument(html);
    expect(embeddedPage(html).videos[0]?.title).toBe(title);
    expect(embeddedPage(html).videos[0]?.caption).toBe(`${title} ${title}`);
    // The poster hint comes right after the title, and the picture takes the screen's place.
    expect(html).toContain(
      `<title>Adreel</title><link rel="preload" as="image" fetchpriority="high" href="${video.thumbUrl}">`,
    );
    expect(html).not.toContain('<!--screen:');
    expect(html.match(new RegExp(`poster="${video.thumbUrl}"`, 'g'))).toHaveLength(1);
  });
});

describe('APP_NAME with replacement patterns', () => {
  it.each(["$'", '$`', '$&', '$$', '$1', '$2'])(
    'shows a name holding %s verbatim in the title, the application-name and the top bar',
    async (p) => {
      const name = `Ads ${p} Co`;
      const other = await createTestApp({ WEB_DIST_DIR: fakeBuild(), APP_NAME: name });
      try {
        for (const url of ['/', '/feed', '/briefs']) {
          const html = await page(other.app, url);
          expectOneDocument(html);
          const shown = asHtml(name);
          expect(html).toContain(`<title>${shown}</title>`);
          expect(html).toContain(`<meta name="application-name" content="${shown}">`);
          expect(html).toContain(`<span class="wordmark" data-app-name="">${shown}</span>`);
        }
      } finally {
        await other.close();
      }
    },
  );

  it('shows `$<name>` and every other pattern at once verbatim', async () => {
    const name = PATTERNS.join('');
    const other = await createTestApp({ WEB_DIST_DIR: fakeBuild(), APP_NAME: name });
    try {
      const html = await page(other.app, '/');
      expectOneDocument(html);
      const shown = asHtml(name);
      expect(html).toContain(`<title>${shown}</title>`);
      expect(html).toContain(`<meta name="application-name" content="${shown}">`);
      expect(html).toContain(`<span class="wordmark" data-app-name="">${shown}</span>`);
    } finally {
      await other.close();
    }
  });
});

describe('APP_NAME and provider names in messages', () => {
  it.each(["$'", '$`', '$&', '$$'])(
    'puts a name holding %s verbatim into the private beta answer of sign-up',
    async (p) => {
      const name = `Ads ${p} Co`;
      const other = await createTestApp({ APP_NAME: name });
      try {
        const response = await other.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: {
            username: 'stranger',
            email: 'stranger@example.com',
            password: 'correct horse',
            role: 'creator',
          },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe(
          MESSAGES.privateBeta.split('{brand}').join(name),
        );
      } finally {
        await other.close();
      }
    },
  );

  it('puts a provider name holding replacement patterns verbatim into its messages', () => {
    const name = "Acme $' $` $& $$ ID";
    expect(withProvider('Continue with {provider}', name)).toBe(`Continue with ${name}`);
  });
});
