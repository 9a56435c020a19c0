import { Outlet, ScrollRestoration } from 'react-router';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * Rendered until the first screen's code has loaded. main.tsx renders the app only once it has, so
 * this is a safety net: blank, so nothing flashes.
 */
export function RootHydrateFallback() {
  return <p className="sr-only">Loading</p>;
}
