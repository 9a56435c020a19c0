/**
 * Which access tokens no longer count although their signature and expiry are fine (decision 023):
 * those of a session that has ended, and those issued under an older token version of a user whose
 * roles have changed since.
 *
 * Triggers on `sessions` and `user_roles` (migration 0014) record every such change in
 * `access_revocations` and NOTIFY `access_revoked` on commit, whatever code path made it. Each
 * process keeps what it was told in two small maps, forgotten once every token it could concern has
 * expired, so the check on a request is two map look-ups. After a start and after the listening
 * connection was re-opened it reloads the last minutes of `access_revocations` (NOTIFY is not
 * replayed); until that is done, and whenever the connection is down, each request asks the
 * database instead of trusting the token.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Realtime, RealtimeLogger } from '../../platform/realtime/notifications';
import { ACCESS_TOKEN_TTL_SECONDS, type AuthContext } from './auth.tokens';

export const REVOCATION_CHANNEL = 'access_revoked';

/**
 * How long a revocation matters: the lifetime of a token issued just before it, and a minute more
 * for a token signed while the change was committing and for clocks.
 */
export const REVOCATION_MEMORY_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
const PRUNE_EVERY_MS = 60_000;
/** Rows of `access_revocations` are kept a day (a trace of what ended when), then deleted. */
const TABLE_PRUNE_EVERY = 10;
const TABLE_KEEP_HOURS = 24;
const RETRY_FIRST_DELAY_MS = 250;
const RETRY_MAX_DELAY_MS = 30_000;

/**
 * bench:feed only: measures a signed-in request with and without the check in one process. Never
 * set by main.ts, and not reachable from configuration.
 */
export interface RevocationSwitch {
  checking: boolean;
  /** Ask the database on every request, as the rejected per-request check would (decision 023). */
  askDatabase?: boolean;
}

export type RevocationSubject = Pick<AuthContext, 'userId' | 'sessionId' | 'tokenVersion'>;

export interface AccessRevocations {
  /** True when the token must be refused; a promise only while the database must be asked. */
  isRevoked(token: RevocationSubject): boolean | Promise<boolean>;
  /** Listening and loaded: answers come from memory. */
  readonly live: boolean;
  /** Subscribes and loads; resolves after the first attempt (and keeps retrying in the background). */
  start(): Promise<void>;
  close(): Promise<void>;
}

const SESSION_PAYLOAD = /^s:([0-9a-f-]{36})$/;
const USER_PAYLOAD = /^u:([0-9a-f-]{36}):(\d+)$/;

export function createAccessRevocations(options: {
  db: Database;
  realtime: Realtime;
  log: RealtimeLogger;
  revocationSwitch?: RevocationSwitch;
}): AccessRevocations {
  const { db, realtime, log, revocationSwitch } = options;
  /** Ended sessions: id -> when to forget it. */
  const endedSessions = new Map<string, number>();
  /** Users whose roles changed: id -> the lowest token version still good, and when to forget it. */
  const userVersions = new Map<string, { version: number; forgetAt: number }>();
  let listening = false;
  let loaded = false;
  /** Raised whenever the connection is lost: a load that began before is not enough. */
  let losses = 0;
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryDelay = RETRY_FIRST_DELAY_MS;

  const endSession = (sessionId: string, forgetAt: number) => {
    endedSessions.set(sessionId, Math.max(forgetAt, endedSessions.get(sessionId) ?? 0));
  };
  const raiseVersion = (userId: string, version: number, forgetAt: number) => {
    const known = userVersions.get(userId);
    userVersions.set(userId, {
      version: Math.max(version, known?.version ?? 0),
      forgetAt: Math.max(forgetAt, known?.forgetAt ?? 0),
    });
  };

  const onNotification = (payload: string | null) => {
    if (payload === null) {
      // Re-opened after a loss: what was sent meanwhile is only in the table.
      loaded = false;
      listening = true;
      void load();
      return;
    }
    const forgetAt = Date.now() + REVOCATION_MEMORY_MS;
    const session = SESSION_PAYLOAD.exec(payload);
    if (session?.[1]) return endSession(session[1], forgetAt);
    const user = USER_PAYLOAD.exec(payload);
    if (user?.[1]) return raiseVersion(user[1], Number(user[2]), forgetAt);
    log.warn({ payload }, 'an access revocation notification was not understood');
  };

  const onLost = () => {
    listening = false;
    loaded = false;
    losses += 1;
  };

  /** The last minutes of the table; ages measured by the database's clock, not ours. */
  async function load(): Promise<void> {
    const lossesBefore = losses;
    try {
      const result = await db.execute<{
        user_id: string;
        session_id: string | null;
        user_version: number | null;
        age_ms: number | string;
      }>(sql`
        select user_id, session_id, user_version,
          (extract(epoch from (now() - created_at)) * 1000)::float8 as age_ms
        from access_revocations
        where created_at > now() - make_interval(secs => ${REVOCATION_MEMORY_MS / 1000})`);
      const at = Date.now();
      for (const row of result.rows) {
        const forgetAt = at + REVOCATION_MEMORY_MS - Math.max(0, Number(row.age_ms));
        if (row.session_id) endSession(row.session_id, forgetAt);
        else if (row.user_version !== null) raiseVersion(row.user_id, row.user_version, forgetAt);
      }
      if (closed || losses !== lossesBefore || !listening) return;
      loaded = true;
      retryDelay = RETRY_FIRST_DELAY_MS;
      log.info({ revocations: result.rows.length }, 'access revocations loaded');
    } catch (error) {
      if (closed) return;
      log.warn({ err: error }, 'access revocations could not be loaded; checking the database');
      scheduleRetry();
    }
  }

  async function subscribeAndLoad(): Promise<void> {
    try {
      if (!unsubscribe) {
        const ended = await realtime.subscribe(REVOCATION_CHANNEL, onNotification, onLost);
        if (closed) return ended();
        unsubscribe = ended;
        listening = true;
      }
      await load();
    } catch (error) {
      if (closed) return;
      log.warn({ err: error }, 'cannot listen for access revocations; checking the database');
      scheduleRetry();
    }
  }

  function scheduleRetry(): void {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      // While the connection is down, the realtime layer reconnects by itself and says so.
      if (unsubscribe && !listening) return;
      void subscribeAndLoad();
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_DELAY_MS);
  }

  let ticks = 0;
  const pruneTimer = setInterval(() => {
    const at = Date.now();
    for (const [id, forgetAt] of endedSessions) if (forgetAt <= at) endedSessions.delete(id);
    for (const [id, entry] of userVersions) if (entry.forgetAt <= at) userVersions.delete(id);
    ticks += 1;
    if (ticks % TABLE_PRUNE_EVERY === 0) void pruneTable();
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();

  /** Old rows, a batch at a time; rows another process is deleting are skipped, not waited for. */
  async function pruneTable(): Promise<void> {
    try {
      await db.execute(sql`
        delete from access_revocations where id in (
          select id from access_revocations
          where created_at < now() - make_interval(hours => ${TABLE_KEEP_HOURS})
          order by created_at limit 1000 for update skip locked)`);
    } catch (error) {
      log.warn({ err: error }, 'old access revocations could not be deleted');
    }
  }

  /** What the tables say now, for when memory cannot be trusted. */
  async function askDatabase(token: RevocationSubject): Promise<boolean> {
    const result = await db.execute<{ live: boolean | null; version: number | null }>(sql`
      select (select revoked_at is null from sessions where id = ${token.sessionId}) as live,
        (select token_version from users where id = ${token.userId}) as version`);
    const row = result.rows[0];
    // A session ended or gone, a user gone, or roles changed since the token was issued.
    if (row?.live !== true || row.version === null) return true;
    return token.tokenVersion < row.version;
  }

  return {
    get live() {
      return listening && loaded;
    },
    isRevoked(token) {
      if (revocationSwitch && !revocationSwitch.checking) return false;
      if (!listening || !loaded || revocationSwitch?.askDatabase) return askDatabase(token);
      if (endedSessions.has(token.sessionId)) return true;
      const user = userVersions.get(token.userId);
      return user !== undefined && token.tokenVersion < user.version;
    },
    start: () => subscribeAndLoad(),
    async close() {
      closed = true;
      clearInterval(pruneTimer);
      if (retryTimer) clearTimeout(retryTimer);
      unsubscribe?.();
    },
  };
}
