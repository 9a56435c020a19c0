import type { FeedPage, FeedVideo } from '@adreel/domain';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const feedKey = ['feed'] as const;

/** GET /api/feed?cursor=&start=: 20 approved videos per page, featured first (SPEC.md §7). */
export async function getFeedPage(
  input: { cursor?: string | null; start?: string | null },
  signal?: AbortSignal,
): Promise<FeedPage> {
  const params = new URLSearchParams();
  if (input.cursor) params.set('cursor', input.cursor);
  if (input.start) params.set('start', input.start);
  const query = params.toString();
  return api<FeedPage>(`/api/feed${query ? `?${query}` : ''}`, { signal });
}

export function feedQueryOptions(start: string | null, signedIn: boolean) {
  return infiniteQueryOptions({
    // likedByMe depends on who asks, so signing in or out reads the feed anew.
    queryKey: [...feedKey, { start, signedIn }],
    queryFn: ({ pageParam, signal }) =>
      getFeedPage({ cursor: pageParam, start: pageParam ? null : start }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A feed read once stays as it was while the viewer scrolls: no reshuffle under their thumb.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** `enabled` waits for the session, so a signed-in viewer's likes are read in the first request. */
export function useFeed(start: string | null, signedIn: boolean, enabled = true) {
  return useInfiniteQuery({ ...feedQueryOptions(start, signedIn), enabled });
}

/** Applies a change to one video wherever it sits in the loaded pages. */
export function updateFeedVideo(
  data: InfiniteData<FeedPage, string | null> | undefined,
  id: string,
  change: Partial<FeedVideo>,
): InfiniteData<FeedPage, string | null> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      videos: page.videos.map((video) => (video.id === id ? { ...video, ...change } : video)),
    })),
  };
}
