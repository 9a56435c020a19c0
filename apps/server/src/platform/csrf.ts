/**
 * Cross-site request forgery guard for the writes a cookie authenticates (refresh, sign-out, and the
 * sign-in and sign-up that set the cookie). SameSite=Lax already keeps the cookie off cross-site
 * POSTs; the Origin check is the second lock (OWASP CSRF cheat sheet: "verifying origin").
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const origin = request.headers.origin;
  if (origin) {
    if (origin === new URL(publicUrl).origin || origin === requestOrigin(request)) return;
    throw forbidden('This request came from another site and was refused.', 'cross_origin');
  }
  // No Origin: a non-browser client, or an old browser; a browser's cross-site fetch says so here.
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw forbidden('This request came from another site and was refused.', 'cross_origin');
  }
}
