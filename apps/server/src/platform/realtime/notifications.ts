/**
 * Live events between server processes through PostgreSQL LISTEN/NOTIFY (DESIGN.md §1: nothing that
 * another process needs may live in one process's memory). A change NOTIFYs in its own transaction,
 * so the event is delivered on commit, to every process, and never for a change that rolled back.
 * Each process holds one listening connection and fans notifications out to its subscribers.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../../db/client';

/**
 * Told the payload of each notification, or null after the listening connection was re-opened:
 * notifications sent while it was down are lost, so a subscriber should re-read what it shows.
 */
export type NotificationListener = (payload: string | null) => void;

export interface Realtime {
  /**
   * Resolves once the channel is listened to, with the function that ends this subscription.
   * `onLost` is told as soon as the listening connection drops (notifications may be missed from
   * then until `listener` is given null); PGlite's never drops.
   */
  subscribe(
    channel: string,
    listener: NotificationListener,
    onLost?: () => void,
  ): Promise<() => void>;
  close(): Promise<void>;
}

export interface RealtimeLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** Our channel names are constants; checking them keeps LISTEN (which takes no parameter) safe. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
}

/** NOTIFY `channel`; inside a transaction the notification is sent when it commits. */
export async function notify(db: Database, channel: string, payload = ''): Promise<void> {
  assertChannel(channel);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export function createRealtime(database: DatabaseHandle, log: RealtimeLogger): Realtime {
  const listeners = new Map<string, Set<NotificationListener>>();
  const lostListeners = new Set<() => void>();
  const lost = () => {
    for (const listener of lostListeners) {
      try {
        listener();
      } catch (error) {
        log.warn({ err: error }, 'a notification listener failed');
      }
    }
  };
  const dispatch = (channel: string, payload: string | null) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        log.warn({ err: error, channel }, 'a notification listener failed');
      }
    }
  };
  const connection =
    database.driver === 'pglite'
      ? pgliteConnection(database.client, dispatch)
      : postgresConnection(database.client.options.connectionString, dispatch, lost, log);

  return {
    async subscribe(channel, listener, onLost) {
      assertChannel(channel);
      // A wrapper of our own, so one function given twice is still two subscriptions.
      const lostListener = onLost ? () => onLost() : null;
      if (lostListener) lostListeners.add(lostListener);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(listener);
      try {
        await connection.listen(channel);
      } catch (error) {
        set.delete(listener);
        if (lostListener) lostListeners.delete(lostListener);
        throw error;
      }
      return () => {
        set.delete(listener);
        if (lostListener) lostListeners.delete(lostListener);
      };
    },
    close: () => connection.close(),
  };
}

interface ListeningConnection {
  /** Resolves once `channel` is listened to; asking again for the same channel is free. */
  listen(channel: string): Promise<void>;
  close(): Promise<void>;
}

type Dispatch = (channel: string, payload: string | null) => void;

/** PGlite is one in-process connection: it listens directly, and never drops. */
function pgliteConnection(client: PGlite, dispatch: Dispatch): ListeningConnection {
  const listening = new Map<string, Promise<() => Promise<void>>>();
  return {
    async listen(channel) {
      let started = listening.get(channel);
      if (!started) {
        started = client.listen(channel, (payload) => dispatch(channel, payload));
        listening.set(channel, started);
        // A failed LISTEN is not remembered, so the next subscriber tries again.
        started.catch(() => listening.delete(channel));
      }
      await started;
    },
    async close() {
      for (const started of listening.values()) {
        // The database may already be closed when the app is; there is nothing left to stop then.
        await started.then((unlisten) => unlisten()).catch(() => undefined);
      }
      listening.clear();
    },
  };
}

const RECONNECT_FIRST_DELAY_MS = 250;
const RECONNECT_MAX_DELAY_MS = 30_000;
/**
 * A connection whose server vanished without closing it (a network partition, a host gone) says
 * nothing: a trivial query this often, failing after HEARTBEAT_TIMEOUT_MS, finds out, and the
 * connection is treated as lost (subscribers that cannot afford missed notifications stop trusting
 * what they were told; decision 023).
 */
const HEARTBEAT_EVERY_MS = 2_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'adreel-listener';

/**
 * A dedicated pg.Client, outside the pool: a pooled connection is handed to other queries between
 * uses, and a LISTEN lasts only as long as its session. When the connection drops (a server restart,
 * a failover) it is re-opened with doubling backoff and every channel is listened to again.
 */
function postgresConnection(
  connectionString: string | undefined,
  dispatch: Dispatch,
  lost: () => void,
  log: RealtimeLogger,
): ListeningConnection {
  /** Each channel asked for, with the LISTEN on the current connection. */
  const channels = new Map<string, Promise<void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryDelay = RECONNECT_FIRST_DELAY_MS;
  let closed = false;

  const quote = (channel: string) => `"${channel}"`;

  const dropped = (broken: pg.Client, error?: Error) => {
    if (client !== broken) return;
    client = null;
    broken.removeAllListeners('notification');
    broken.end().catch(() => undefined);
    if (closed) return;
    lost();
    log.warn({ err: error, retryInMs: retryDelay }, 'notification connection lost; reconnecting');
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open()
        .then(() => {
          log.info({ channels: [...channels.keys()] }, 'notification connection re-opened');
          for (const channel of channels.keys()) dispatch(channel, null);
        })
        .catch(() => scheduleReconnect());
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_DELAY_MS);
  };

  const heartbeat = setInterval(() => {
    const current = client;
    if (!current) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('no answer to the heartbeat')),
        HEARTBEAT_TIMEOUT_MS,
      );
    });
    Promise.race([current.query('select 1'), timedOut])
      .catch((error: Error) => dropped(current, error))
      .finally(() => clearTimeout(timer));
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();

  const open = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    if (connecting) return connecting;
    connecting = (async () => {
      // TCP keep-alive, so a connection whose server vanished without a word is noticed too.
      const next = new pg.Client({
        connectionString,
        keepAlive: true,
        application_name: LISTENER_APPLICATION_NAME,
      });
      next.on('notification', (message) => dispatch(message.channel, message.payload ?? ''));
      next.on('error', (error) => dropped(next, error));
      next.on('end', () => dropped(next));
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`listen ${quote(channel)}`);
      } catch (error) {
        next.removeAllListeners();
        await next.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        throw new Error('the notification connection is closed');
      }
      client = next;
      retryDelay = RECONNECT_FIRST_DELAY_MS;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async listen(channel) {
      let started = channels.get(channel);
      if (!started) {
        const wasOpen = client !== null;
        started = (async () => {
          const connected = await open();
          // A connection opened after the channel was added listened to it while opening.
          if (wasOpen) await connected.query(`listen ${quote(channel)}`);
        })();
        channels.set(channel, started);
        started.catch(() => channels.delete(channel));
      }
      await started;
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const current = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      if (current) {
        current.removeAllListeners();
        // An error after close must not crash the process.
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
