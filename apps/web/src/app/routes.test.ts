/**
 * The server names the screen a path needs from the path alone (screenModuleName, in
 * packages/domain) and tells the browser to fetch that code with the page: this holds the routes to
 * that naming, by loading every route the way the router does.
 */
import { screenModuleName } from '@adreel/domain';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

const screens = import.meta.glob<{ default: ComponentType }>([
  '/src/routes/*.tsx',
  '!/src/routes/*.test.tsx',
]);

function pagesOf(list: RouteObject[], parent = ''): Array<{ path: string; route: RouteObject }> {
  return list.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}` : parent;
    const own = route.lazy && (route.index || route.path) ? [{ path: path || '/', route }] : [];
    return [...own, ...pagesOf(route.children ?? [], path)];
  });
}

describe('the web app routes', () => {
  const pages = pagesOf(routes).filter((page) => page.path !== '/*');

  it('cover the screens the server names hints for', () => {
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining(['/', '/feed', '/briefs', '/creator/upload', '/admin/audit']),
    );
  });

  it.each(pages.map((page) => [page.path, page.route] as const))(
    '%s loads the screen module named after its path',
    async (path, route) => {
      const load = screens[`/src/routes/${screenModuleName(path)}.tsx`];
      expect(load, `src/routes/${screenModuleName(path)}.tsx`).toBeDefined();
      const lazy = route.lazy as () => Promise<{ Component: ComponentType }>;
      const [{ Component }, module] = await Promise.all([lazy(), load?.()]);
      expect(Component).toBe(module?.default);
    },
  );
});
