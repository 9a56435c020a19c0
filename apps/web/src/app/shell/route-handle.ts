import { useMatches } from 'react-router';

/** What a route tells the shell about its chrome, through the route table's `handle`. */
export interface RouteHandle {
  /** The landing page's top bar: beta badge and its three calls to action. */
  chrome?: 'landing';
  /** Hide the bottom tab bar (the landing page is a page to read, not an app screen). */
  hideTabs?: boolean;
  /** Show the site footer below the page. */
  footer?: boolean;
  /**
   * The screen fills the viewport below the top bar, the "Verify your email" banner and above the
   * tab bar, and scrolls inside itself (the feed): the page itself never scrolls.
   */
  fill?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) {
    if (isRouteHandle(match.handle)) Object.assign(merged, match.handle);
  }
  return merged;
}
