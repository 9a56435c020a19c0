import type { FeedPage } from '@adreel/domain';

/**
 * The page for /feed plays its first video itself, before the app's code (issue 20, decision 033).
 *
 * On a slow link the app's code (about 170 kB) is what holds the first frame back: the video's
 * first bytes share the link with it. So the page carries the first video as a plain `<video>`
 * that starts at once, muted, on the rung of its ladder the app itself would choose first (from the
 * Network Information API where the browser has it, else a conservative default; the app steps up
 * from the next video on what it measured), and the app's code is
 * asked for once that video has its first frame (app-code.ts). The feed's own player then
 * continues the same file from where the page's video got to (Chromium shares a URL's media data
 * between the players of a frame) and the page's video goes (apps/web/src/lib/page-first-video.ts).
 */

/** Marks the page's own video; the app finds it by this. */
export const PAGE_VIDEO_ATTRIBUTE = 'data-first-rung';

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The rungs of the first video's ladder for the page's script to choose from (PICK_RUNG in
 * app-code.ts), or null without a ladder (the page plays the video's file).
 */
export function pageVideoRungs(
  video: FeedPage['videos'][number],
): { url: string; height: number; bitrate: number }[] | null {
  const rungs = video.renditions ?? [];
  if (rungs.length === 0) return null;
  return rungs.map((rung) => ({
    url: rung.url,
    height: rung.height,
    bitrate: rung.bitrateKbps * 1000,
  }));
}

/**
 * The first video where the feed will show it: outside #root, so the app's first render leaves it
 * playing until the feed's player has taken over. Inert: the feed's own controls are the ones to use.
 * With a ladder it has no `src` yet: the page's script sets the rung it chooses from what the
 * browser knows (the app's own first choice, chooseRung), right after it is parsed.
 */
export function pageVideoMarkup(video: FeedPage['videos'][number], poster: string | null): string {
  const rungs = pageVideoRungs(video);
  const source = rungs
    ? `data-rungs="${escapeAttribute(JSON.stringify(rungs))}"`
    : `src="${escapeAttribute(video.fileUrl)}"`;
  const picture = poster ? ` poster="${escapeAttribute(poster)}"` : '';
  return `<div data-first-video="" inert class="pointer-events-none fixed inset-x-0 top-14 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 flex items-center justify-center bg-ink md:bottom-0 md:py-4 md:pl-16"><video ${PAGE_VIDEO_ATTRIBUTE}="" ${source}${picture} autoplay muted loop playsinline preload="auto" disablepictureinpicture class="h-full w-full bg-black object-cover md:aspect-[9/16] md:w-auto md:max-w-[calc(100%-4rem)] md:rounded-3xl"></video></div>`;
}
