import type { BrandSubmission } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { brandKey } from './get-brand-campaigns';

export const brandSubmissionsKey = [...brandKey, 'submissions'] as const;

/** GET /api/brand/submissions: entries to own campaigns with video and creator, newest first. */
export async function getBrandSubmissions(signal?: AbortSignal): Promise<BrandSubmission[]> {
  const body = await api<{ submissions: BrandSubmission[] }>('/api/brand/submissions', { signal });
  return body.submissions;
}

export function useBrandSubmissions() {
  return useQuery(
    queryOptions({
      queryKey: brandSubmissionsKey,
      queryFn: ({ signal }) => getBrandSubmissions(signal),
    }),
  );
}
