/**
 * Sessions in SPEC.md §3's shape and their single-use refresh tokens (decision 003): each refresh
 * spends the token and issues its child; a spent token shown again revokes the session, unless it was
 * spent in the last 10 seconds (two tabs refreshing at once), when it gets a sibling instead.
 */
import { primaryRole, SESSION_MESSAGES, type Session, type SessionUser } from '@adreel/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { AssuranceLevel } from '../../db/schema/auth';
import { unauthorized } from '../../platform/errors';
import { findProfile, findUserById, rolesOf } from './auth.queries';
import { hashSecret, newSecret } from './auth.secrets';
import {
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  revokeSession,
  spendRefreshToken,
  tokenVersionOf,
  touchSession,
} from './auth.sessions.queries';
import { ACCESS_TOKEN_TTL_SECONDS, type TokenService } from './auth.tokens';

/** How strongly a session signed in (aal2: with a second factor), for other modules. */
export type { AssuranceLevel };

/** Supabase Auth's reuse interval: a token spent this recently may be spent again by a second tab. */
export const REFRESH_REUSE_INTERVAL_MS = 10_000;
/** A session unused for this long ends. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

const USER_AGENT_MAX = 300;

/** Where a session is used from, as the account page shows it. */
export function clientOf(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
  };
}

/** A session for the client, and the refresh token that continues it (cookie or body). */
export interface IssuedSession {
  session: Session;
  refreshToken: string;
}

const sessionExpired = () => unauthorized(SESSION_MESSAGES.sessionExpired, 'invalid_refresh_token');

export async function loadSessionUser(db: Database, userId: string): Promise<SessionUser | null> {
  const [user, profile, roles] = await Promise.all([
    findUserById(db, userId),
    findProfile(db, userId),
    rolesOf(db, userId),
  ]);
  if (!user || !profile) return null;
  // DESIGN.md §3: a whitelist role waits for the address to be proven, and an unproven session is
  // not told of it: what is kept under the address is its owner's (decision 022).
  const emailVerified = user.emailVerifiedAt !== null;
  return {
    id: user.id,
    email: user.email,
    username: profile.username,
    displayName: profile.displayName,
    photoUrl: profile.photoUrl,
    roles,
    role: primaryRole(roles),
    emailVerified,
  };
}

export function createSessionIssuer(db: Database, tokens: TokenService) {
  async function accessSession(
    userId: string,
    sessionId: string,
    aal: AssuranceLevel,
  ): Promise<Session> {
    // The version first, then the roles: a change of roles committed in between raises the version
    // past the token's, so a token never carries roles older than its version says (decision 023).
    const tokenVersion = await tokenVersionOf(db, userId);
    const user = tokenVersion === null ? null : await loadSessionUser(db, userId);
    if (!user || tokenVersion === null) throw sessionExpired();
    const access = await tokens.issue({
      userId,
      sessionId,
      email: user.email,
      roles: user.roles,
      aal,
      emailVerified: user.emailVerified,
      tokenVersion,
    });
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: access.expiresAt,
      user,
    };
  }

  async function childToken(
    sessionId: string,
    parentId: string | null,
    tx: Database = db,
  ): Promise<string> {
    const refreshToken = newSecret();
    await insertRefreshToken(tx, { sessionId, tokenHash: hashSecret(refreshToken), parentId });
    return refreshToken;
  }

  return {
    /** Starts a session (sign-in, sign-up), inside the caller's transaction when given one. */
    async start(
      userId: string,
      client: ClientInfo,
      aal: AssuranceLevel = 'aal1',
      tx: Database = db,
    ): Promise<{ sessionId: string; refreshToken: string }> {
      const session = await insertSession(tx, {
        userId,
        userAgent: client.userAgent,
        ip: client.ip,
        aal,
      });
      return { sessionId: session.id, refreshToken: await childToken(session.id, null, tx) };
    },

    accessSession,

    async refresh(
      refreshToken: string,
      client: ClientInfo,
      now = Date.now(),
    ): Promise<IssuedSession> {
      const found = await findRefreshToken(db, hashSecret(refreshToken));
      if (!found || found.token.revokedAt || found.session.revokedAt) throw sessionExpired();
      const { token, session } = found;
      if (now - session.lastSeenAt.getTime() > SESSION_IDLE_TIMEOUT_MS) {
        await revokeSession(db, session.id);
        throw sessionExpired();
      }

      let parentId = token.id;
      if (token.usedAt || !(await spendRefreshToken(db, token.id))) {
        const spentAt = token.usedAt ?? new Date(now);
        if (now - spentAt.getTime() > REFRESH_REUSE_INTERVAL_MS) {
          // A long-spent token is being replayed: someone else may hold the session. End it.
          await revokeSession(db, session.id);
          throw unauthorized(
            'This session was ended for your safety. Please sign in again.',
            'refresh_token_reused',
          );
        }
        parentId = token.id;
      }
      await touchSession(db, session.id, client.ip);
      const next = await childToken(session.id, parentId);
      return {
        session: await accessSession(session.userId, session.id, session.aal),
        refreshToken: next,
      };
    },

    async end(refreshToken: string): Promise<string | null> {
      const found = await findRefreshToken(db, hashSecret(refreshToken));
      if (!found) return null;
      await revokeSession(db, found.session.id);
      return found.session.id;
    },
  };
}
export type SessionIssuer = ReturnType<typeof createSessionIssuer>;
