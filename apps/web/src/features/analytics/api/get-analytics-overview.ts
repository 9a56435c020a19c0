/**
 * Issue 19's analytics (packages/domain analytics-api.ts): the caller's videos on one side, with
 * their counted figures and, for a brand, what the views cost.
 */
import type { AnalyticsOverview, AnalyticsSide } from '@adreel/domain/analytics-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { analyticsKey } from './analytics-key';

export function useAnalyticsOverview(side: AnalyticsSide) {
  return useQuery(
    queryOptions({
      queryKey: [...analyticsKey(side), 'overview'],
      queryFn: ({ signal }) => api<AnalyticsOverview>(`/api/analytics/${side}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
