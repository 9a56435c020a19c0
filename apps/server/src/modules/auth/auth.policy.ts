/**
 * Who may act on a session (decision 029). Ending one from the account screen, and every
 * signed-in step that needs the caller's own session to be live (factors, linked identities),
 * ask the same question: is this session the caller's, and not ended?
 */
import type { Actor } from '../../platform/policy';

interface SessionOwner {
  userId: string;
  revokedAt: Date | null;
}

/** The session exists, belongs to the caller, and has not been ended. */
export function ownsLiveSession<S extends SessionOwner>(
  actor: Actor | null,
  session: S | null | undefined,
): session is S {
  return (
    actor !== null &&
    session != null &&
    session.revokedAt === null &&
    session.userId === actor.userId
  );
}
