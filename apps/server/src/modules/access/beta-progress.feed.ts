/**
 * The live beta counter (SPEC.md §4: it rises when a new access request appears). One subscription
 * to the notification channel per process; on each notification the count is read once and handed
 * to every open stream, however many browsers watch.
 */
import type { BetaProgress } from '@adreel/domain';
import type { Realtime } from '../../platform/realtime/notifications';
import { BETA_PROGRESS_CHANNEL } from './access.service';

export type ProgressListener = (progress: BetaProgress) => void;

export interface BetaProgressLog {
  warn(object: object, message: string): void;
}

export function createBetaProgressFeed(
  realtime: Realtime,
  readProgress: () => Promise<BetaProgress>,
  log: BetaProgressLog,
) {
  const listeners = new Set<ProgressListener>();
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
        const progress = await readProgress();
        for (const listener of listeners) listener(progress);
      } while (stale);
    } catch (error) {
      log.warn({ err: error }, 'could not read the beta progress');
    } finally {
      reading = false;
    }
  };

  return {
    /** Resolves once notifications are heard, so a count read afterwards misses no update. */
    async subscribe(listener: ProgressListener): Promise<() => void> {
      subscribed ??= realtime
        .subscribe(BETA_PROGRESS_CHANNEL, () => void refresh())
        .catch((error) => {
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
export type BetaProgressFeed = ReturnType<typeof createBetaProgressFeed>;
