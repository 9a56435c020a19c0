import { createHash } from 'node:crypto';
import type { FeedPage } from '@adreel/domain';

/**
 * The page for /feed plays its first video itself, before the app's code (issue 20, decision 033).
 *
 * On a slow link the app's code (about 170 kB) is what holds the first frame back: the video's
 * first bytes share the link with it. So the page carries the first video as a plain `<video>`
 * that starts at once, muted, on the lowest rung of its ladder (the page cannot know the
 * connection; the app steps up from the next video on what it measured), and the app's code is
 * asked for once that video has its first frame, or after FIRST_FRAME_WAIT_MS, whichever is
 * first. The feed's own player then continues the same file from where the page's video got to
 * (Chromium shares a URL's media data between the players of a frame) and the page's video goes
 * (apps/web/src/lib/page-first-video.ts).
 */

/** The longest the app's code waits for the page's video to show its first frame. */
export const FIRST_FRAME_WAIT_MS = 1500;

/** Marks the page's own video; the app finds it by this. */
export const PAGE_VIDEO_ATTRIBUTE = 'data-first-rung';

const APP_CODE_ELEMENT_ID = 'app-code';

/**
 * Asks for the app's code (listed in the #app-code element) when the page's video has data, fails,
 * or has waited long enough; and notes on the video when its download began and last progressed. Plain ES5 in a string: it is sent as it is written, and its hash is in
 * the page's Content-Security-Policy (FIRST_VIDEO_SCRIPT_HASH), which allows no other inline script.
 */
export const FIRST_VIDEO_SCRIPT = `(function () {
  var list = JSON.parse(document.getElementById('${APP_CODE_ELEMENT_ID}').textContent);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    list.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = list.entry;
    document.head.appendChild(script);
  }
  var video = document.querySelector('video[${PAGE_VIDEO_ATTRIBUTE}]');
  if (!video || video.readyState >= 2) return start();
  // When its download began and last moved on, for the app's throughput estimate.
  video.setAttribute('data-load-start', String(performance.now()));
  video.addEventListener('progress', function () {
    video.setAttribute('data-fetched-at', String(performance.now()));
  });
  video.addEventListener('loadeddata', start);
  video.addEventListener('error', start);
  setTimeout(start, ${FIRST_FRAME_WAIT_MS});
})();`;

/** The CSP source that allows FIRST_VIDEO_SCRIPT and nothing else inline. */
export const FIRST_VIDEO_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_VIDEO_SCRIPT).digest('base64')}'`;

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The file the page plays: the lowest rung of the ladder, or the video's file without one. */
export function pageVideoFile(video: FeedPage['videos'][number]): string {
  const lowest = [...(video.renditions ?? [])].sort((a, b) => a.height - b.height)[0];
  return lowest?.url ?? video.fileUrl;
}

/**
 * The first video where the feed will show it: outside #root, so the app's first render leaves it
 * playing until the feed's player has taken over. Inert: the feed's own controls are the ones to use.
 */
export function pageVideoMarkup(video: FeedPage['videos'][number], poster: string | null): string {
  const file = escapeAttribute(pageVideoFile(video));
  const picture = poster ? ` poster="${escapeAttribute(poster)}"` : '';
  return `<div data-first-video="" inert class="pointer-events-none fixed inset-x-0 top-14 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 flex items-center justify-center bg-ink md:bottom-0 md:py-4 md:pl-16"><video ${PAGE_VIDEO_ATTRIBUTE}="" src="${file}"${picture} autoplay muted loop playsinline preload="auto" disablepictureinpicture class="h-full w-full bg-black object-cover md:aspect-[9/16] md:w-auto md:max-w-[calc(100%-4rem)] md:rounded-3xl"></video></div>`;
}

/** The built page's module script and modulepreload links: the app's code. */
const APP_CODE_TAG =
  /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>|<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g;

/**
 * The page with its app code asked for by FIRST_VIDEO_SCRIPT instead of by its own tags: the tags
 * come out, their files go into #app-code (in their order), and the script goes at the end of the
 * body, after the video it waits for. A page without a module script is left as it is.
 */
export function deferAppCode(html: string): string {
  let entry: string | undefined;
  const preload: string[] = [];
  const without = html.replace(APP_CODE_TAG, (_tag, script?: string, link?: string) => {
    if (script) entry = script;
    if (link) preload.push(link);
    return '';
  });
  if (!entry) return html;
  const list = JSON.stringify({ entry, preload }).replace(/</g, '\\u003c');
  const tail = `<script type="application/json" id="${APP_CODE_ELEMENT_ID}">${list}</script><script>${FIRST_VIDEO_SCRIPT}</script>`;
  const end = without.lastIndexOf('</body>');
  return end < 0 ? without + tail : without.slice(0, end) + tail + without.slice(end);
}
