/**
 * Who is calling, decided once per request from the `Authorization: Bearer` access token, and the
 * guards a route names to say who may call it (STYLE.md: the route declares it).
 */
import { hasAnyRole, type Role } from '@adreel/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext, TokenService } from '../modules/auth/auth.tokens';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null when the request carries no access token. */
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

export const authenticate = fp<{ tokens: TokenService }>(
  async (app: FastifyInstance, { tokens }) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      const token = BEARER.exec(header)?.[1];
      const context = token ? await tokens.verify(token) : null;
      // A token that fails is never treated as "signed out": the client must know to refresh.
      if (!context)
        throw unauthorized('Your session has expired. Please sign in again.', 'invalid_token');
      request.auth = context;
    });
  },
  { name: 'authenticate' },
);

/** The caller, or a 401 when nobody is signed in. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Guards for a route's `preHandler`. */
export const allow = {
  signedIn: (async (request) => {
    requireAuth(request);
  }) satisfies preHandlerAsyncHookHandler,

  roles(roles: readonly Role[]): preHandlerAsyncHookHandler {
    return async (request) => {
      const auth = requireAuth(request);
      if (!hasAnyRole(auth.roles, roles)) throw forbidden();
    };
  },
};
