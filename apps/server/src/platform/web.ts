import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  FEED_FIRST_PAGE_ELEMENT_ID,
  type FeedPage,
  REQUEST_MESSAGES,
  screenModuleName,
} from '@adreel/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deferAppCode } from './app-code';
import { errorBody } from './errors';
import { pageVideoMarkup } from './first-video';
import { stylePageNonce } from './security';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The built index.html with the configured product name in its title, its application-name meta and
 * the static top bar's wordmark.
 */
function loadIndexHtml(distDir: string, appName: string): string {
  const name = escapeHtml(appName);
  // Replacer functions, never replacement strings: `$&`, `$'` or `$1` in a name are text.
  return readFileSync(path.join(distDir, 'index.html'), 'utf8')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(
      /(<meta name="application-name" content=")[^"]*(")/,
      (_match, open: string, close: string) => `${open}${name}${close}`,
    )
    .replace(
      /(<span [^>]*data-app-name=""[^>]*>)[^<]*(<\/span>)/,
      (_match, open: string, close: string) => `${open}${name}${close}`,
    );
}

/**
 * The page with `text` put at the first `marker` (before it, after it, or in its place). Slicing,
 * never String.replace with a string: user text (a title, a caption, the app's name) may hold `$&`,
 * `` $` ``, `$'`, `$1` or `$<name>`, which a replacement string would read as patterns.
 */
function insertAt(
  html: string,
  marker: string | RegExp,
  text: string,
  where: 'before' | 'after' | 'instead',
): string {
  const found =
    typeof marker === 'string'
      ? { index: html.indexOf(marker), length: marker.length }
      : (() => {
          const match = marker.exec(html);
          return { index: match?.index ?? -1, length: match?.[0].length ?? 0 };
        })();
  if (found.index < 0) return html;
  const start = where === 'after' ? found.index + found.length : found.index;
  const end = where === 'instead' ? found.index + found.length : start;
  return html.slice(0, start) + text + html.slice(end);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * For each screen of the build, the `<link rel="modulepreload">` tags of its code that the page
 * does not already name: the screen module and the shared chunks it imports. Read from the build's
 * manifest (Vite's .vite/manifest.json). Without it, no screen gets hints.
 */
function loadScreenPreloads(distDir: string): Map<string, string> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  const hints = new Map<string, string>();
  if (!existsSync(file)) return hints;
  const manifest = new Map(
    Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>),
  );
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest.has(key)) return into;
    into.add(key);
    for (const imported of manifest.get(key)?.imports ?? []) closure(imported, into);
    return into;
  };
  // The page itself names the entry and its static imports.
  const named = closure('index.html');
  for (const key of manifest.keys()) {
    const screen = /^src\/routes\/([a-z0-9-]+)\.tsx$/.exec(key)?.[1];
    if (!screen) continue;
    const links = [...closure(key)]
      .filter((chunk) => !named.has(chunk))
      .map(
        (chunk) => `<link rel="modulepreload" crossorigin href="/${manifest.get(chunk)?.file}">`,
      );
    hints.set(screen, links.join(''));
  }
  return hints;
}

/**
 * The feed's first page as a signed-out viewer gets it from GET /api/feed (with `start` when the
 * link has one), for the page that shows it: its first poster is preloaded (the feed's largest
 * paint) and the page itself is written into the HTML, so a visitor without a session needs no
 * request before the first video.
 */
export type FeedFirstPage = (start: string | null) => Promise<FeedPage | null>;

/** Where index.html leaves room, after #root, for the screen's first picture. */
const SCREEN_MARKER = /<!--screen:[^>]*-->/;

/** JSON that is safe inside a script element: no `</script>`, no comment openers, no U+2028/9. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The public API read a screen makes first, by screen module name (screenModuleName): fetched
 * beside the app's code rather than after it has run, and used by the screen's own request (same
 * URL, a same-origin fetch). Only reads whose answer is the same for everyone: a preloaded
 * response carries no session.
 */
export type ScreenData = Readonly<Record<string, string>>;

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Source maps are never served (decision 024): they hand out the app's source to anyone. The build
 * makes none; this holds for a build made with them.
 */
function isSourceMap(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is not a file name; the raw path is checked.
  }
  return /\.map$/i.test(pathname) || /\.map$/i.test(decoded);
}

/**
 * Serves the built web app. Paths that are not files fall back to index.html, so the web app's own
 * router (and its 404 page) answers unknown routes; unknown API paths get a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    appName: string;
    feedFirstPage?: FeedFirstPage;
    screenData?: ScreenData;
  },
): Promise<void> {
  const hasBuild = existsSync(path.join(options.distDir, 'index.html'));
  if (hasBuild) {
    const indexHtml = loadIndexHtml(options.distDir, options.appName);
    const screenPreloads = loadScreenPreloads(options.distDir);
    /** What the page for /feed adds, from the first page a signed-out viewer gets. */
    const feedParts = async (request: FastifyRequest, start: string | null) => {
      const page = await options.feedFirstPage?.(start).catch((error: unknown) => {
        request.log.warn({ err: error }, 'no first page in the page for /feed');
        return null;
      });
      if (!page) return { early: '', head: '', picture: '' };
      const head = `<script type="application/json" id="${FEED_FIRST_PAGE_ELEMENT_ID}" data-start="${escapeHtml(start ?? '')}">${jsonForScript(page)}</script>`;
      const first = page.videos[0];
      if (!first) return { early: '', head, picture: '' };
      const poster = first.thumbUrl;
      return {
        // First in the head, before anything else: the picture is what a visitor sees first.
        early: poster
          ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(poster)}">`
          : '',
        head,
        // The first video, playing where the feed will show it before the app's code has run
        // (first-video.ts); the feed's own player takes over from it.
        picture: pageVideoMarkup(first, poster ?? null),
      };
    };
    /**
     * The page for a path, with what that path will fetch next named in its head, so the browser
     * fetches it beside the app's code rather than after it has run: the screen's code, its first
     * public read (ScreenData) and, on /feed, the first page and its poster (feedParts).
     */
    const pageFor = async (request: FastifyRequest) => {
      const url = new URL(request.url, 'http://localhost');
      const screen = screenModuleName(url.pathname);
      const read =
        options.screenData && Object.hasOwn(options.screenData, screen)
          ? options.screenData[screen]
          : undefined;
      const feed =
        screen === 'feed'
          ? await feedParts(request, url.searchParams.get('start'))
          : { early: '', head: '', picture: '' };
      const head = [
        screenPreloads.get(screen) ?? '',
        read
          ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(read)}">`
          : '',
        feed.head,
      ].join('');
      let html = head ? insertAt(indexHtml, '</head>', head, 'before') : indexHtml;
      if (feed.early) html = insertAt(html, '</title>', feed.early, 'after');
      if (feed.picture) html = insertAt(html, SCREEN_MARKER, feed.picture, 'instead');
      // The app's code waits for what the page shows first (app-code.ts).
      return deferAppCode(html);
    };
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: true,
      allowedPath: (pathName) => !isSourceMap(pathName),
      // The web build writes .br and .gz beside each text asset (apps/web/scripts/precompress.ts):
      // sent by Accept-Encoding, with no compression work per request.
      preCompressed: true,
      // Vite fingerprints everything under assets/, so those may be cached forever.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    /**
     * The page with this response's style nonce for its scripts (decision 034): the browser hides
     * a nonce attribute from the page's markup once parsed, scripts read it as the element's
     * `nonce` property (apps/web/src/components/ui/style-nonce.ts).
     */
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const html = await pageFor(request);
      const nonce = `<meta property="csp-nonce" nonce="${stylePageNonce(reply)}">`;
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(insertAt(html, '</head>', nonce, 'before'));
    };
    // The root is a directory to the static handler; it is the app's home page to a person.
    app.get('/', { schema: { hide: true } }, sendIndex);
    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const method = request.method;
      const page = !isApiPath(request.url) && !isSourceMap(request.url);
      if (page && (method === 'GET' || method === 'HEAD')) {
        return sendIndex(request, reply);
      }
      return reply.code(404).send(errorBody('not_found', REQUEST_MESSAGES.notFound));
    });
    return;
  }
  app.log.warn(
    { distDir: options.distDir },
    'web app is not built; run `npm run build` to serve it',
  );
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(errorBody('not_found', REQUEST_MESSAGES.notFound)),
  );
}
