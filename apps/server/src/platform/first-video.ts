import type { FeedPage } from '@adreel/domain';

/**
 * The page for /feed plays its first video itself, before the app's code (issue 20, decision 033).
 *
 * On a slow link the app's code (about 170 kB) is what holds the first frame back: the video's
 * first bytes share the link with it. So the page carries the first video as a plain `<video>`
 * that starts at once, muted, on the lowest rung of its ladder (the page cannot know the
 * connection; the app steps up from the next video on what it measured), and the app's code is
 * asked for once that video has its first frame (app-code.ts). The feed's own player then
 * continues the same file from where the page's video got to (Chromium shares a URL's media data
 * between the players of a frame) and the page's video goes (apps/web/src/lib/page-first-video.ts).
 */

/** Marks the page's own video; the app finds it by this. */
export const PAGE_VIDEO_ATTRIBUTE = 'data-first-rung';

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
