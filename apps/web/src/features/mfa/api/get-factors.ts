import type { Factor } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const factorsKey = ['mfa', 'factors'] as const;

/** GET /api/factors: the caller's second factors, unfinished enrolments included. */
export async function getFactors(signal?: AbortSignal): Promise<Factor[]> {
  const body = await api<{ factors: Factor[] }>('/api/factors', { signal });
  return body.factors;
}

export function factorsQueryOptions() {
  return queryOptions({
    queryKey: factorsKey,
    queryFn: ({ signal }) => getFactors(signal),
  });
}

export function useFactors() {
  return useQuery(factorsQueryOptions());
}
