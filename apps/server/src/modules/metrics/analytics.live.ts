/**
 * "Analytics changed" for a brand's or a creator's videos, live (issue 19, decision 032). One
 * LISTEN on the `analytics` channel per process; each open stream keeps the ids of the videos it may
 * see and is told which of them moved, at most once per ANALYTICS_PUSH_INTERVAL_MS: changes in
 * between are coalesced into one message, so a busy video does not flood a browser, and the browser
 * reads the figures again only when something it shows moved.
 */
import { ANALYTICS_PUSH_INTERVAL_MS, type AnalyticsChange } from '@adreel/domain/analytics-api';
import type { Realtime } from '../../platform/realtime/notifications';
import { ANALYTICS_CHANNEL, movedVideoIds } from './analytics.channel';

export interface Scheduler {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Collects moved video ids and sends them at most once per `intervalMs`: the first change after a
 * quiet spell goes at once, later ones wait for the interval's end and go together.
 */
export function createCoalescer(
  send: (change: AnalyticsChange) => void,
  intervalMs: number = ANALYTICS_PUSH_INTERVAL_MS,
  scheduler: Scheduler = realScheduler,
) {
  const pending = new Set<string>();
  let lastSent = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  const flush = () => {
    timer = null;
    if (pending.size === 0) return;
    lastSent = scheduler.now();
    const changed = [...pending].sort();
    pending.clear();
    send({ changed });
  };
  return {
    add(ids: Iterable<string>) {
      for (const id of ids) pending.add(id);
      if (pending.size === 0 || timer !== null) return;
      const wait = Math.max(0, lastSent + intervalMs - scheduler.now());
      if (wait === 0) flush();
      else timer = scheduler.setTimeout(flush, wait);
    },
    close() {
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}

/** Which videos a stream may hear of: a set of ids, re-read now and then (a video newly approved). */
export interface AnalyticsScope {
  ids: () => Promise<ReadonlySet<string>>;
}

/** Re-read a stream's video ids at most this often, when an id it does not know moves. */
const SCOPE_REFRESH_MS = 10_000;

export function createAnalyticsHub(realtime: Realtime, scheduler: Scheduler = realScheduler) {
  const listeners = new Set<(ids: string[] | null) => void>();
  let subscribed: Promise<unknown> | null = null;

  return {
    /** Starts telling `send` of moved videos in `scope`; resolves once the channel is heard. */
    async join(
      scope: AnalyticsScope,
      send: (change: AnalyticsChange) => void,
    ): Promise<() => void> {
      let known = await scope.ids();
      let readAt = scheduler.now();
      let refreshing = false;
      const coalescer = createCoalescer(send, ANALYTICS_PUSH_INTERVAL_MS, scheduler);
      const hear = (ids: string[] | null) => {
        // The listening connection came back: anything may have moved.
        const moved = ids ?? [...known];
        const mine = moved.filter((id) => known.has(id));
        coalescer.add(mine);
        const unknown = moved.filter((id) => !known.has(id));
        if (unknown.length > 0 && !refreshing && scheduler.now() - readAt >= SCOPE_REFRESH_MS) {
          refreshing = true;
          void scope
            .ids()
            .then((fresh) => {
              known = fresh;
              readAt = scheduler.now();
              coalescer.add(unknown.filter((id) => known.has(id)));
            })
            .catch(() => undefined)
            .finally(() => {
              refreshing = false;
            });
        }
      };
      subscribed ??= realtime
        .subscribe(ANALYTICS_CHANNEL, (payload) => {
          const ids = movedVideoIds(payload);
          for (const listener of listeners) listener(ids);
        })
        .catch((error: unknown) => {
          subscribed = null;
          throw error;
        });
      await subscribed;
      listeners.add(hear);
      return () => {
        listeners.delete(hear);
        coalescer.close();
      };
    },
  };
}
export type AnalyticsHub = ReturnType<typeof createAnalyticsHub>;
