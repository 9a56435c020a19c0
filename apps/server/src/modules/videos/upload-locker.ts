/**
 * A tus upload lock that holds across processes (DESIGN.md §1: no state another process needs may
 * live in one process's memory). On PostgreSQL, the lock on an upload is a session advisory lock
 * held on a connection of a small pool of its own for as long as the request works on the upload; a
 * process that dies loses its connections, and with them its locks, at once. A request that finds
 * the upload locked asks the holder, wherever it runs, to let go (tus "request release": a resuming
 * client's new PATCH ends the old, maybe half-open, one) through NOTIFY, and tries again until it
 * gets the lock or its time is up. On PGlite there is one process, and tus's MemoryLocker is used.
 */
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';
import type { Database } from '../../db/client';
import { notify, type Realtime } from '../../platform/realtime/notifications';

export const UPLOAD_RELEASE_CHANNEL = 'adreel_upload_release';
const KEY_PREFIX = 'adreel.upload:';
const RETRY_MS = 100;
const ASK_AGAIN_MS = 2_000;

export interface PostgresUploadLockerOptions {
  databaseUrl: string;
  /** For NOTIFY to the holder. */
  db: Database;
  realtime: Realtime;
  log: { warn(object: object, message: string): void };
  /** How long a request waits for the lock, as tus's MemoryLocker (30 s). */
  acquireTimeoutMs?: number;
  /** Uploads this process may work on at once; each holds a connection while it does. */
  maxConnections?: number;
}

export interface PostgresUploadLocker extends Locker {
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createPostgresUploadLocker(
  options: PostgresUploadLockerOptions,
): Promise<PostgresUploadLocker> {
  const timeout = options.acquireTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.maxConnections ?? 20,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => options.log.warn({ err: error }, 'upload lock connection lost'));
  /** Locks held by this process: whom to ask when another request wants the upload. */
  const held = new Map<string, RequestRelease>();
  const unsubscribe = await options.realtime.subscribe(UPLOAD_RELEASE_CHANNEL, (id) => {
    const release = id === null ? undefined : held.get(id);
    if (release) void Promise.resolve(release()).catch(() => undefined);
  });

  function newLock(id: string): Lock {
    let client: pg.PoolClient | null = null;
    let lost: Error | null = null;
    // The connection may drop while the lock is held (a database restart): the lock went with it,
    // so the request working on the upload is asked to stop, and the process carries on.
    const onConnectionError = (error: Error) => {
      lost = error;
      options.log.warn({ err: error, uploadId: id }, 'upload lock lost with its connection');
      const release = held.get(id);
      held.delete(id);
      if (release) void Promise.resolve(release()).catch(() => undefined);
    };
    return {
      async lock(signal, requestRelease) {
        const deadline = Date.now() + timeout;
        const connection = await pool.connect();
        try {
          let askedAt = 0;
          while (!signal.aborted && Date.now() < deadline) {
            const { rows } = await connection.query<{ locked: boolean }>(
              'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
              [`${KEY_PREFIX}${id}`],
            );
            if (rows[0]?.locked) {
              client = connection;
              connection.on('error', onConnectionError);
              held.set(id, requestRelease);
              return;
            }
            if (Date.now() - askedAt > ASK_AGAIN_MS) {
              askedAt = Date.now();
              // Whoever holds it (this process or another) is asked to finish up; again now and
              // then, in case the holder was not listening yet.
              const local = held.get(id);
              if (local) await local();
              else await notify(options.db, UPLOAD_RELEASE_CHANNEL, id);
            }
            await sleep(RETRY_MS);
          }
        } catch (error) {
          connection.release(error instanceof Error ? error : true);
          throw error;
        }
        connection.release();
        throw ERRORS.ERR_LOCK_TIMEOUT;
      },
      async unlock() {
        const connection = client;
        if (!connection) throw new Error('Releasing an unlocked lock!');
        client = null;
        connection.off('error', onConnectionError);
        if (held.get(id) && !lost) held.delete(id);
        if (lost) {
          connection.release(lost);
          return;
        }
        try {
          await connection.query('select pg_advisory_unlock(hashtextextended($1, 0))', [
            `${KEY_PREFIX}${id}`,
          ]);
          connection.release();
        } catch (error) {
          // Dropping the connection releases its locks too.
          connection.release(error instanceof Error ? error : true);
        }
      },
    };
  }

  return {
    newLock,
    async close() {
      unsubscribe();
      await pool.end();
    },
  };
}
