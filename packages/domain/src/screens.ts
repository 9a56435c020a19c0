/**
 * The web app's screen modules are named after their paths: /feed is routes/feed.tsx,
 * /creator/upload is routes/creator-upload.tsx, and the home page is routes/landing.tsx. The web
 * app's routes follow this rule (a web test loads every route and checks it), and the server uses
 * it to name, in the page it sends, the code of the screen the browser will ask for next
 * (modulepreload), so that code loads beside the app's own instead of after it.
 */
export function screenModuleName(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'landing' : trimmed.replaceAll('/', '-');
}

/**
 * The id of the script element (JSON data, never run) in which the server writes the feed's first
 * page into the page for /feed, and from which the web app reads it.
 */
export const FEED_FIRST_PAGE_ELEMENT_ID = 'adreel-feed-first-page';
