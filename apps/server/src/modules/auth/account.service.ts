/** The caller's own sessions, for /account (issue 3, account security; routes in account.routes.ts). */
import { SESSION_MESSAGES } from '@adreel/domain';
import type { Database } from '../../db/client';
import { notFound, unauthorized } from '../../platform/errors';
import { ownsLiveSession } from './auth.policy';
import { findSession, listLiveSessions, revokeSession } from './auth.sessions.queries';
import type { AuthContext } from './auth.tokens';

export function createAccountService(db: Database) {
  /** Account changes need a session that is still live, not just an unexpired access token. */
  async function assertLiveSession(caller: AuthContext): Promise<void> {
    const session = await findSession(db, caller.sessionId);
    if (!session || session.revokedAt)
      throw unauthorized(SESSION_MESSAGES.sessionEnded, 'session_ended');
  }

  return {
    assertLiveSession,

    async listSessions(caller: AuthContext) {
      await assertLiveSession(caller);
      const rows = await listLiveSessions(db, caller.userId);
      return rows.map((row) => ({
        id: row.id,
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === caller.sessionId,
      }));
    },

    async endSession(caller: AuthContext, sessionId: string): Promise<void> {
      await assertLiveSession(caller);
      const session = await findSession(db, sessionId);
      // Someone else's session is "not found" to you: its existence is not yours to learn.
      if (!ownsLiveSession(caller, session)) throw notFound('Session not found');
      await revokeSession(db, session.id);
    },
  };
}
