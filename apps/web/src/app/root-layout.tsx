import { Outlet, ScrollRestoration } from 'react-router';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Rendered until the first screen's code has loaded: blank, so nothing flashes. */
export function RootHydrateFallback() {
  return <p className="sr-only">Loading</p>;
}
