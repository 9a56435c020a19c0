import type { BetaProgress } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * The shape is `betaProgressSchema` of packages/domain; checked by hand here so the landing page does
 * not load zod just for two numbers. A malformed answer is an error, never a number on screen.
 */
export async function getBetaProgress(signal?: AbortSignal): Promise<BetaProgress> {
  const body = await api<Partial<Record<keyof BetaProgress, unknown>> | null>(
    '/api/beta/progress',
    { signal },
  );
  const { count, target } = body ?? {};
  if (!isCount(count) || !isCount(target) || target === 0) {
    throw new Error('Unexpected beta progress response');
  }
  return { count, target };
}

export function betaProgressQueryOptions() {
  return queryOptions({
    queryKey: ['beta', 'progress'],
    queryFn: ({ signal }) => getBetaProgress(signal),
  });
}

export function useBetaProgress() {
  return useQuery(betaProgressQueryOptions());
}
