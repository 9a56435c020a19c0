/** Issue 19: one video's figures beside the median of the side's videos, its retention and series. */
import type { AnalyticsSide, VideoAnalytics } from '@adreel/domain/analytics-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { analyticsKey } from './analytics-key';

export function useVideoAnalytics(side: AnalyticsSide, videoId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...analyticsKey(side), 'video', videoId],
      queryFn: ({ signal }) =>
        api<VideoAnalytics>(`/api/analytics/videos/${videoId}?as=${side}`, { signal }),
      enabled: videoId !== null,
      placeholderData: keepPreviousData,
    }),
  );
}
