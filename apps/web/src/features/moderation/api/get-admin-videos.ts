import type { Video } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type ModerationStatus = 'pending' | 'approved';

export const adminVideosKey = ['admin', 'videos'] as const;

/** GET /api/admin/videos?status=…: videos waiting for review, or the approved ones to feature. */
export async function getAdminVideos(
  status: ModerationStatus,
  signal?: AbortSignal,
): Promise<Video[]> {
  const body = await api<{ videos: Video[] }>(`/api/admin/videos?status=${status}`, { signal });
  return body.videos;
}

export function adminVideosQueryOptions(status: ModerationStatus) {
  return queryOptions({
    queryKey: [...adminVideosKey, status],
    queryFn: ({ signal }) => getAdminVideos(status, signal),
  });
}

export function useAdminVideos(status: ModerationStatus) {
  return useQuery(adminVideosQueryOptions(status));
}
