import type { Video } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const creatorVideosKey = ['creator', 'videos'] as const;

/**
 * While a video is being processed the list is asked again this often (DESIGN.md §3), so its
 * percentage moves (the job stores it at most once a second); never when nothing processes.
 */
const PROCESSING_POLL_MS = 2000;

/** GET /api/creator/videos: the signed-in creator's own videos, every status. */
export async function getCreatorVideos(signal?: AbortSignal): Promise<Video[]> {
  const body = await api<{ videos: Video[] }>('/api/creator/videos', { signal });
  return body.videos;
}

export function creatorVideosQueryOptions() {
  return queryOptions({
    queryKey: creatorVideosKey,
    queryFn: ({ signal }) => getCreatorVideos(signal),
    refetchInterval: (query) =>
      query.state.data?.some((v) => v.status === 'processing') ? PROCESSING_POLL_MS : false,
  });
}

export function useCreatorVideos() {
  return useQuery(creatorVideosQueryOptions());
}
