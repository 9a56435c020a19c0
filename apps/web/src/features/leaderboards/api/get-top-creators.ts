import type { TopCreator } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/leaderboard/creators: the last 14 days averaged per creator, by average score then views. */
export async function getTopCreators(signal?: AbortSignal): Promise<TopCreator[]> {
  const body = await api<{ creators: TopCreator[] }>('/api/leaderboard/creators', { signal });
  return body.creators;
}

export const topCreatorsQueryOptions = queryOptions({
  queryKey: ['leaderboard', 'creators'],
  queryFn: ({ signal }) => getTopCreators(signal),
});

export function useTopCreators() {
  return useQuery(topCreatorsQueryOptions);
}
