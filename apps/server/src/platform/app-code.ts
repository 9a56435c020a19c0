import { createHash } from 'node:crypto';
import { PAGE_VIDEO_ATTRIBUTE } from './first-video';

/**
 * How a page asks for the app's code (issue 20, decision 033): not by the module script and
 * modulepreload tags the build writes, which the browser fetches at once, sharing a slow link with
 * what the page shows first, but by one inline script once the page has shown it:
 * - on /feed, once the first video the page plays (first-video.ts) has its first frame, fails, or
 *   has waited FIRST_FRAME_WAIT_MS;
 * - on any other page, once the page's first picture (the static top bar and, where the server
 *   writes it, the screen's data) is painted.
 * The code then has the link to itself: the bytes are the same and only their order changes, so the
 * app is ready about when it was, and what the visitor sees first comes sooner.
 */

/** The longest the app's code waits for the page's video to show its first frame. */
export const FIRST_FRAME_WAIT_MS = 1500;

/** The longest it waits for the first paint (a page opened in a background tab paints later). */
export const FIRST_PAINT_WAIT_MS = 300;

const APP_CODE_ELEMENT_ID = 'app-code';

/**
 * The rung the page's first video starts on: the app's first choice (chooseRung in
 * apps/web/src/features/feed/lib/rendition-choice.ts, with no throughput measured yet) written
 * again in ES5, as the page runs it before any of the app's code; held equal to it over connection
 * and screen profiles by apps/server/test/http/page-video-rung.test.ts. `rungs`: url, height and
 * bit rate (bits per second); `connection`: navigator.connection or nothing; `view`: the window.
 */
export const PICK_RUNG = `function (rungs, connection, view) {
  var sorted = rungs.slice().sort(function (a, b) {
    return a.height - b.height || a.bitrate - b.bitrate;
  });
  var lowest = sorted[0];
  var hints = connection || {};
  if (hints.saveData === true) return lowest.url;
  var width = Math.min(view.innerWidth, Math.ceil((view.innerHeight * 9) / 16));
  var ratio = Math.min(Math.max(view.devicePixelRatio || 1, 1), 2);
  var needed = Math.ceil(Math.max(view.innerHeight, (width * 16) / 9) * ratio);
  var cap = sorted[sorted.length - 1];
  for (var i = sorted.length - 1; i >= 0; i--) if (sorted[i].height >= needed) cap = sorted[i];
  var type = hints.effectiveType;
  if (type === 'slow-2g' || type === '2g' || type === '3g') return lowest.url;
  var downlink = hints.downlink;
  var known = typeof downlink === 'number' && isFinite(downlink) && downlink > 0;
  var budget = (known ? downlink : 1) * 1000000 * 0.6;
  var chosen = lowest;
  for (var j = 0; j < sorted.length; j++) {
    if (sorted[j].height <= cap.height && sorted[j].bitrate <= budget) chosen = sorted[j];
  }
  return chosen.url;
}`;

/**
 * Asks for the app's code listed in the #app-code element, at the moment described above; on
 * /feed it first gives the page's video the rung it starts on (PICK_RUNG), and notes on it when
 * its download began and last progressed, for the app's throughput estimate. Plain ES5 in a
 * string: it is sent as it is written, and its hash is in every page's Content-Security-Policy
 * (APP_CODE_SCRIPT_HASH), which allows no other inline script.
 */
export const APP_CODE_SCRIPT = `(function () {
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
  if (video && video.hasAttribute('data-rungs')) {
    try {
      var pick = ${PICK_RUNG};
      var rungs = JSON.parse(video.getAttribute('data-rungs'));
      video.setAttribute('src', pick(rungs, navigator.connection, window));
    } catch (error) {
      // No first rung: the page shows the poster and the app's player chooses.
    }
  }
  if (!video) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, ${FIRST_PAINT_WAIT_MS});
    return;
  }
  if (video.readyState >= 2) return start();
  video.setAttribute('data-load-start', String(performance.now()));
  video.addEventListener('progress', function () {
    video.setAttribute('data-fetched-at', String(performance.now()));
  });
  video.addEventListener('loadeddata', start);
  video.addEventListener('error', start);
  setTimeout(start, ${FIRST_FRAME_WAIT_MS});
})();`;

/** The CSP source that allows APP_CODE_SCRIPT and nothing else inline. */
export const APP_CODE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(APP_CODE_SCRIPT).digest('base64')}'`;

/** The built page's module script and modulepreload links: the app's code. */
const APP_CODE_TAG =
  /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>|<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g;

/**
 * The page with its app code asked for by APP_CODE_SCRIPT instead of by its own tags: the tags
 * come out, their files go into #app-code (in their order), and the script goes at the end of the
 * body, after what it waits for. A page without a module script is left as it is.
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
  const tail = `<script type="application/json" id="${APP_CODE_ELEMENT_ID}">${list}</script><script>${APP_CODE_SCRIPT}</script>`;
  const end = without.lastIndexOf('</body>');
  return end < 0 ? without + tail : without.slice(0, end) + tail + without.slice(end);
}
