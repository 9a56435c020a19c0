import { type BrandPerformance, PERFORMANCE_DAYS } from '@adreel/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { brandKey } from './get-brand-campaigns';

export const brandPerformanceKey = [...brandKey, 'performance'] as const;

/** GET /api/brand/performance: per campaign and video, and the daily series. */
export async function getBrandPerformance(
  days: number,
  signal?: AbortSignal,
): Promise<BrandPerformance> {
  return api<BrandPerformance>(`/api/brand/performance?days=${days}`, { signal });
}

export function useBrandPerformance(days: number = PERFORMANCE_DAYS) {
  return useQuery(
    queryOptions({
      queryKey: [...brandPerformanceKey, days],
      queryFn: ({ signal }) => getBrandPerformance(days, signal),
      // Switching the chart's period keeps the last figures on screen until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
  );
}
