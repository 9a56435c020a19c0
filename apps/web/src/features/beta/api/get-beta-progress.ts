import type { BetaProgress } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * The shape is `betaProgressSchema` of packages/domain; checked by hand here so the landing page does
 * not load zod just for two numbers. A malformed answer is null, never a number on screen.
 */
export function parseBetaProgress(body: unknown): BetaProgress | null {
  if (typeof body !== 'object' || body === null) return null;
  const { count, target } = body as Partial<Record<keyof BetaProgress, unknown>>;
  if (!isCount(count) || !isCount(target) || target === 0) return null;
  return { count, target };
}

export async function getBetaProgress(signal?: AbortSignal): Promise<BetaProgress> {
  const progress = parseBetaProgress(await api<unknown>('/api/beta/progress', { signal }));
  if (!progress) throw new Error('Unexpected beta progress response');
  return progress;
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
