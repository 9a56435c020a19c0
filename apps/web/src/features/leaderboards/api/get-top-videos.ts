import type { TopVideo } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/leaderboard/videos: approved in the last 14 days, by decayed score then views, 50 at most. */
export async function getTopVideos(signal?: AbortSignal): Promise<TopVideo[]> {
  const body = await api<{ videos: TopVideo[] }>('/api/leaderboard/videos', { signal });
  return body.videos;
}

export const topVideosQueryOptions = queryOptions({
  queryKey: ['leaderboard', 'videos'],
  queryFn: ({ signal }) => getTopVideos(signal),
});

export function useTopVideos() {
  return useQuery(topVideosQueryOptions);
}
