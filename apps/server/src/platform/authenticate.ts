/**
 * Who is calling, decided once per request from the `Authorization: Bearer` access token, and the
 * guards a route names to say who may call it (STYLE.md: the route declares it).
 */
import { hasAnyRole, OWNERSHIP_MESSAGES, type Role, SESSION_MESSAGES } from '@adreel/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessRevocations } from '../modules/auth/auth.revocations';
import type { AuthContext, TokenService } from '../modules/auth/auth.tokens';
import { AppError, forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null when the request carries no access token. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * The route is one an unproven session may use (decision 022, "What an unproven session may
     * do"): its own sign-in and data. Every other route that needs a caller refuses such a session.
     */
    unproven?: 'allowed';
  }
  interface FastifyInstance {
    /** Whether the account has a verified second factor (admin routes then need an aal2 session). */
    hasVerifiedFactor(userId: string): Promise<boolean>;
  }
}

export const ADMIN_AAL2_MESSAGE = "Confirm it's you with your second factor to use admin tools.";

const BEARER = /^Bearer\s+(\S+)$/i;

const tokenFailed = () => unauthorized(SESSION_MESSAGES.sessionExpired, 'invalid_token');

export const authenticate = fp<{
  tokens: TokenService;
  /** Refuses tokens of ended sessions and of changed roles (decision 023). */
  revocations: Pick<AccessRevocations, 'isRevoked'>;
  hasVerifiedFactor: (userId: string) => Promise<boolean>;
}>(
  async (app: FastifyInstance, { tokens, revocations, hasVerifiedFactor }) => {
    app.decorateRequest('auth', null);
    app.decorate('hasVerifiedFactor', hasVerifiedFactor);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      const token = BEARER.exec(header)?.[1];
      const context = token ? await tokens.verify(token) : null;
      // A token that fails is never treated as "signed out": the client must know to refresh.
      if (!context) throw tokenFailed();
      // A revoked token fails as an expired one does: the client refreshes (and a refresh of an
      // ended session fails, so it signs out), or gets a token with the roles it now has.
      const revoked = revocations.isRevoked(context);
      if (revoked === true || (revoked !== false && (await revoked))) throw tokenFailed();
      request.auth = context;
    });
  },
  { name: 'authenticate' },
);

/** 403 for an unproven session on a route it may not use yet. */
export const unprovenSession = () =>
  new AppError(403, 'email_not_verified', OWNERSHIP_MESSAGES.unprovenSession);

/**
 * The caller, or a 401 when nobody is signed in. A caller whose address is not proven gets a 403
 * unless the route says `config: { unproven: 'allowed' }` (decision 022): whoever signed up with an
 * address they do not own may look after that sign-in, and nothing more.
 */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  if (!request.auth.emailVerified && request.routeOptions.config?.unproven !== 'allowed')
    throw unprovenSession();
  return request.auth;
}

/** Route options for the routes an unproven session may use: spread into the route's options. */
export const UNPROVEN_ALLOWED = { config: { unproven: 'allowed' as const } };

/** Guards for a route's `preHandler`. */
export const allow = {
  signedIn: (async (request) => {
    requireAuth(request);
  }) satisfies preHandlerAsyncHookHandler,

  /**
   * Any signed-in caller; on an account with a verified second factor, only in a session that
   * passed it (aal2). For what a stolen or forgotten older session must not do: take out or delete
   * the account's data. `message` says what the confirmation unlocks.
   */
  secondFactorIfEnrolled(message: string): preHandlerAsyncHookHandler {
    return async (request) => {
      const auth = requireAuth(request);
      if (auth.aal !== 'aal2' && (await request.server.hasVerifiedFactor(auth.userId)))
        throw new AppError(403, 'aal2_required', message);
    };
  },

  /**
   * Callers with one of `roles`. One who gets in only as an admin, on an account with a verified
   * second factor, must be in a session that passed it (aal2): a password alone, or a session
   * opened before the factor was added, does not open the admin tools (403 aal2_required).
   */
  roles(roles: readonly Role[]): preHandlerAsyncHookHandler {
    return async (request) => {
      const auth = requireAuth(request);
      if (!hasAnyRole(auth.roles, roles)) throw forbidden();
      const onlyAsAdmin = !auth.roles.some((role) => role !== 'admin' && roles.includes(role));
      if (
        onlyAsAdmin &&
        auth.aal !== 'aal2' &&
        (await request.server.hasVerifiedFactor(auth.userId))
      )
        throw new AppError(403, 'aal2_required', ADMIN_AAL2_MESSAGE);
    };
  },
};
