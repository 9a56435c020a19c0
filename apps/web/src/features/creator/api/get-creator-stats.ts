import type { CreatorStats } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const creatorStatsKey = ['creator', 'stats'] as const;

/** GET /api/creator/stats: the Creator Dashboard's four numbers (SPEC.md §2). */
export async function getCreatorStats(signal?: AbortSignal): Promise<CreatorStats> {
  return api<CreatorStats>('/api/creator/stats', { signal });
}

export function creatorStatsQueryOptions() {
  return queryOptions({
    queryKey: creatorStatsKey,
    queryFn: ({ signal }) => getCreatorStats(signal),
  });
}

export function useCreatorStats() {
  return useQuery(creatorStatsQueryOptions());
}
