/**
 * A micro-cache of the feed's pages for signed-out viewers (decision 017): the same page is asked
 * for by everyone who opens /feed, so each process keeps the serialized page (without its
 * impression tokens, which each viewer gets their own of, spliced in after the cache: decision 030)
 * for a short time
 * (FEED_CACHE_MS, 1 s by default) per cursor and start. A signed-out viewer may see counters up to
 * that old; signed-in viewers (likedByMe, their own like) always get a fresh page. Requests that miss
 * together share one query (no stampede when an entry expires under load). A change in this process
 * to what the feed shows (an admin's or brand's approval, rejection, featuring, removal after a
 * report, an account's deletion) clears every cache at once, from the one place that makes those
 * changes (videos.service.ts); other processes' caches expire within the TTL.
 */

/** Cursors come from the caller: keep the map bounded whatever they send. */
const MAX_ENTRIES = 256;

export interface FeedCache<T> {
  /** The cached page, else `load`'s (one load per key at a time, kept for the TTL once it succeeds). */
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

const live = new Set<{ clear(): void }>();

export function createFeedCache<T>(ttlMs: number): FeedCache<T> & { close(): void } {
  const entries = new Map<string, { body: Promise<T>; expires: number }>();
  const cache = {
    get(key: string, load: () => Promise<T>) {
      const now = performance.now();
      const entry = entries.get(key);
      if (entry && entry.expires > now) return entry.body;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const body = load();
      const fresh = { body, expires: now + ttlMs };
      entries.set(key, fresh);
      // A failed load is not kept: the next request tries again.
      body.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return body;
    },
    clear() {
      entries.clear();
    },
    close() {
      entries.clear();
      live.delete(cache);
    },
  };
  live.add(cache);
  return cache;
}

/** What videos.service.ts calls once a video's place in the feed changed. */
export function invalidateFeedCaches(): void {
  for (const cache of live) cache.clear();
}
