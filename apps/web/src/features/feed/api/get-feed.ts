import {
  FEED_FIRST_PAGE_ELEMENT_ID,
  type FeedImpressions,
  type FeedPage,
  type FeedVideo,
} from '@adreel/domain';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api';
import { deviceId } from '@/lib/metrics/device-id';
import { DEVICE_ID_HEADER } from '../lib/counting';

export const feedKey = ['feed'] as const;

/**
 * GET /api/feed?cursor=&start=: 20 approved videos per page, featured first (SPEC.md §7), each
 * with the impression token its metric events carry. Signed out, the device id goes along, so the
 * tokens are bound to this browser (issue 16).
 */
export async function getFeedPage(
  input: { cursor?: string | null; start?: string | null; signedIn?: boolean },
  signal?: AbortSignal,
): Promise<FeedPage> {
  const params = new URLSearchParams();
  if (input.cursor) params.set('cursor', input.cursor);
  if (input.start) params.set('start', input.start);
  const query = params.toString();
  return api<FeedPage>(`/api/feed${query ? `?${query}` : ''}`, {
    signal,
    headers: viewer(input.signedIn),
  });
}

/** Signed out, the device id names the viewer the impression tokens are made for. */
function viewer(signedIn = false): Record<string, string> {
  return signedIn ? {} : { [DEVICE_ID_HEADER]: deviceId() };
}

/**
 * GET /api/feed/impressions?ids=: the tokens of videos the page has without one (the first page
 * written into the HTML is the same for every visitor, so it carries none).
 */
export async function getFeedImpressions(
  ids: string[],
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<FeedImpressions> {
  const query = new URLSearchParams({ ids: ids.join(',') });
  return api<FeedImpressions>(`/api/feed/impressions?${query}`, {
    signal,
    headers: viewer(signedIn),
  });
}

export function useFeedImpressions(ids: string[], signedIn: boolean) {
  return useQuery({
    queryKey: [...feedKey, 'impressions', { ids: ids.join(','), signedIn }],
    queryFn: ({ signal }) => getFeedImpressions(ids, signedIn, signal),
    enabled: ids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function feedQueryOptions(start: string | null, signedIn: boolean) {
  return infiniteQueryOptions({
    // likedByMe depends on who asks, so signing in or out reads the feed anew.
    queryKey: [...feedKey, { start, signedIn }],
    queryFn: ({ pageParam, signal }) =>
      getFeedPage({ cursor: pageParam, start: pageParam ? null : start, signedIn }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A feed read once stays as it was while the viewer scrolls: no reshuffle under their thumb.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

let embedded: { start: string; page: FeedPage; used: boolean } | null = null;

/**
 * The feed's first page as the server wrote it into this page (what GET /api/feed gives a
 * signed-out viewer, with the same `start`), so the first video needs no request. Taken from the
 * document once; given until markFirstPageUsed, and only for the `start` it was made for.
 */
export function embeddedFirstPage(start: string | null): FeedPage | undefined {
  const element = document.getElementById(FEED_FIRST_PAGE_ELEMENT_ID);
  if (element) {
    element.remove();
    try {
      const page = JSON.parse(element.textContent ?? '') as FeedPage;
      embedded = { start: element.dataset.start ?? '', page, used: false };
    } catch {
      embedded = null;
    }
  }
  if (!embedded || embedded.used || embedded.start !== (start ?? '')) return undefined;
  return embedded.page;
}

/** After the first render that used it: a later visit to /feed reads the feed afresh. */
export function markFirstPageUsed(): void {
  if (embedded) embedded.used = true;
}

/**
 * `enabled` waits for the session, so a signed-in viewer's likes are read in the first request.
 * `firstPage` (the page the server wrote in) stands for the first request's answer.
 */
export function useFeed(
  start: string | null,
  signedIn: boolean,
  enabled = true,
  firstPage?: FeedPage,
) {
  return useInfiniteQuery({
    ...feedQueryOptions(start, signedIn),
    enabled,
    initialData: firstPage ? { pages: [firstPage], pageParams: [null] } : undefined,
  });
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
