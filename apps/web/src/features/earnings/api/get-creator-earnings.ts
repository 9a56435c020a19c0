import type { CreatorEarnings } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const creatorEarningsKey = ['creator', 'earnings'] as const;

/** GET /api/creator/earnings: totals and every own transaction, newest first (SPEC.md §2). */
export async function getCreatorEarnings(signal?: AbortSignal): Promise<CreatorEarnings> {
  return api<CreatorEarnings>('/api/creator/earnings', { signal });
}

export function creatorEarningsQueryOptions() {
  return queryOptions({
    queryKey: creatorEarningsKey,
    queryFn: ({ signal }) => getCreatorEarnings(signal),
  });
}

export function useCreatorEarnings() {
  return useQuery(creatorEarningsQueryOptions());
}
