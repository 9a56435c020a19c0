/**
 * A value that changes when a NOTIFY arrives on a channel (the beta counter, the admin's tab
 * counts). One subscription to the channel per process; on each notification the value is read once
 * and handed to every open stream, however many browsers watch.
 */
import type { Realtime } from './notifications';

export type LiveListener<T> = (value: T) => void;

export interface LiveReadLog {
  warn(object: object, message: string): void;
}

export interface LiveReadOptions<T> {
  channel: string;
  read: () => Promise<T>;
  /** Names the value in the warning logged when a read fails. */
  what: string;
  log: LiveReadLog;
}

export function createLiveRead<T>(realtime: Realtime, options: LiveReadOptions<T>) {
  const { channel, read, what, log } = options;
  const listeners = new Set<LiveListener<T>>();
  let subscribed: Promise<unknown> | null = null;
  let reading = false;
  let stale = false;

  /** Reads run one at a time; notifications during a read cause one more read, not one each. */
  const refresh = async () => {
    if (reading) {
      stale = true;
      return;
    }
    reading = true;
    try {
      do {
        stale = false;
        const value = await read();
        for (const listener of listeners) listener(value);
      } while (stale);
    } catch (error) {
      log.warn({ err: error }, `could not read the ${what}`);
    } finally {
      reading = false;
    }
  };

  return {
    /** Resolves once notifications are heard, so a value read afterwards misses no change. */
    async subscribe(listener: LiveListener<T>): Promise<() => void> {
      subscribed ??= realtime
        .subscribe(channel, () => void refresh())
        .catch((error: unknown) => {
          subscribed = null;
          throw error;
        });
      await subscribed;
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
export type LiveRead<T> = ReturnType<typeof createLiveRead<T>>;
