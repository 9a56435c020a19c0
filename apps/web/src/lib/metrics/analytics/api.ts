/**
 * Issue 19's analytics reads (packages/domain analytics-api.ts): the caller's videos on one side,
 * and one video's figures, retention and series. Shared by the brand's Performance tab and the
 * creator's own video stats.
 */
import type {
  AnalyticsOverview,
  AnalyticsSide,
  VideoAnalytics,
} from '@adreel/domain/analytics-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const analyticsKey = (side: AnalyticsSide) => ['analytics', side] as const;

export function useAnalyticsOverview(side: AnalyticsSide) {
  return useQuery(
    queryOptions({
      queryKey: [...analyticsKey(side), 'overview'],
      queryFn: ({ signal }) => api<AnalyticsOverview>(`/api/analytics/${side}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

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
