/**
 * The first video the page for /feed plays before the app's code has run (issue 20; the server's
 * apps/server/src/platform/first-video.ts): a muted `<video data-first-rung>` outside #root, on
 * the lowest rung of the first video's ladder. The feed's player of the same file continues it
 * from where it got to and then lets it go (takeOverPageVideo); anything else lets it go as soon as
 * it is in the way (releasePageVideo): the feed's player showing another file, the feed gone, or
 * another screen.
 */

/** Found when this module loads, before the app's first render. */
let pageVideo: HTMLVideoElement | null =
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLVideoElement>('video[data-first-rung]');

/** The file the page's video plays, or null when the page has none. */
export const pageStartedRung: string | null = pageVideo?.getAttribute('src') ?? null;

let claimed = false;

/**
 * The page's video's download so far, as the page's script noted it (first-video.ts on the
 * server), in performance.now() time: when it began and last progressed, and how many seconds of
 * the file it had buffered. Null once it has gone or when the page noted nothing.
 */
export function pageVideoDownload(): {
  startMs: number;
  lastMs: number;
  seconds: number;
  duration: number;
} | null {
  const startMs = Number(pageVideo?.getAttribute('data-load-start'));
  if (!pageVideo || !Number.isFinite(startMs) || startMs <= 0) return null;
  const lastMs = Number(pageVideo.getAttribute('data-fetched-at'));
  const { buffered } = pageVideo;
  let seconds = 0;
  for (let i = 0; i < buffered.length; i++) seconds = Math.max(seconds, buffered.end(i));
  return {
    startMs,
    lastMs: Number.isFinite(lastMs) && lastMs > startMs ? lastMs : startMs,
    seconds,
    duration: pageVideo.duration,
  };
}

/**
 * The page's video goes: stopped, its unfinished download cancelled (it would otherwise keep one of
 * the six HTTP/1.1 connections the next video's prefetch and the app's requests need), and its box
 * out of the page.
 */
export function releasePageVideo(): void {
  const element = pageVideo;
  pageVideo = null;
  if (!element) return;
  element.pause();
  element.removeAttribute('src');
  element.load();
  (element.closest('[data-first-video]') ?? element).remove();
}

/** Releases the page's video unless a player of the same file is taking over from it. */
export function releasePageVideoUnlessTakenOver(): void {
  if (!claimed) releasePageVideo();
}

/** Calls `then` once `element` has presented a frame (or, without that API, can play). */
function afterFrame(element: HTMLVideoElement, then: () => void): void {
  if (typeof element.requestVideoFrameCallback === 'function') {
    element.requestVideoFrameCallback(() => then());
    return;
  }
  element.addEventListener('canplay', then, { once: true });
}

/**
 * The feed's player of the page's file takes over: once it has the file's metadata it moves to
 * where the page's video has got to, and once it shows a frame the page's video goes, so the viewer
 * sees one video playing on. Returns the cleanup for an element that goes first.
 */
export function takeOverPageVideo(element: HTMLVideoElement): () => void {
  const page = pageVideo;
  if (!page || claimed) return () => {};
  claimed = true;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    releasePageVideo();
  };
  const resume = () => {
    const time = page.currentTime;
    if (time > 0 && Number.isFinite(element.duration) && time < element.duration)
      element.currentTime = time;
    afterFrame(element, finish);
  };
  if (element.readyState >= 1) resume();
  else element.addEventListener('loadedmetadata', resume, { once: true });
  element.addEventListener('error', finish, { once: true });
  return () => {
    element.removeEventListener('loadedmetadata', resume);
    element.removeEventListener('error', finish);
    finish();
  };
}
