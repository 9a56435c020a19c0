/**
 * The one guard of the admin API (SPEC.md §6: admin only; decision 029). It goes by the route's URL,
 * not by the plugin that declares it: every route whose URL is under /api/admin gets the admin
 * guard as its first route-level onRequest hook, wherever it is registered and with whatever
 * prefix. Registered at the root before any route, so it sees every route the app will serve.
 *
 * It runs on request, after authentication and before the body is even read, so the signed-out get
 * 401 and other roles 403 whatever they send. A route that could answer under /api/admin without
 * its URL saying so (another spelling of the prefix, or a parameter or wildcard where "admin"
 * would be) makes the app refuse to start.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { allow } from './authenticate';

export const ADMIN_PREFIX = '/api/admin';

/** The guard: admins only, in an aal2 session once they have a verified second factor. */
export const adminOnly = allow.roles(['admin']);

/** Whether `url` (a route's full pattern) is the admin API's. */
export function isAdminUrl(url: string): boolean {
  return url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`);
}

/**
 * Why a route whose URL is not under /api/admin could still answer a request there, or null.
 * Fastify matches paths case-sensitively and takes a parameter or wildcard for any segment, so
 * "/API/admin", "//api/admin", "/api/:section", "/api/*" and "/:a/:b" are refused. One catch-all
 * is allowed: "/*", the web build's static files (platform/web.ts), which holds no api/ folder, so
 * a path under /api/admin that no admin route declares ends in the API's 404.
 */
export function reachesAdminUnguarded(url: string): string | null {
  if (isAdminUrl(url) || url === '/*') return null;
  if (/^\/+api\/+admin(\/|$)/i.test(url))
    return 'it spells the admin prefix another way; declare it under /api/admin';
  const [first = '', second] = url.split('/').slice(1);
  const wild = (segment: string) => segment.startsWith(':') || segment.includes('*');
  if (first.includes('*') || (wild(first) && (second === 'admin' || (second && wild(second)))))
    return 'its first segments are a parameter or wildcard that match /api/admin';
  if (first === 'api' && second !== undefined && wild(second))
    return 'its segment after /api is a parameter or wildcard that matches "admin"';
  return null;
}

function guard(route: RouteOptions): void {
  const reason = reachesAdminUnguarded(route.url);
  if (reason) throw new Error(`${[route.method].flat().join(',')} ${route.url} refused: ${reason}`);
  if (!isAdminUrl(route.url)) return;
  const own = route.onRequest ? [route.onRequest].flat() : [];
  // First among the route's own hooks (the instance's, authentication included, run before them).
  route.onRequest = [adminOnly, ...own.filter((hook) => hook !== adminOnly)];
}

/**
 * Register at the root before any route. (Should an admin route come before authentication, its
 * request has no caller and the guard answers 401: it fails closed.)
 */
export const adminGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', guard);
  },
  { name: 'admin-guard' },
);
