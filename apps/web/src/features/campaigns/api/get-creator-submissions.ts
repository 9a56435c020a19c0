import type { CreatorSubmission } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const creatorSubmissionsKey = ['creator', 'submissions'] as const;

/** GET /api/creator/submissions: own campaign entries and the brands' decisions, newest first. */
export async function getCreatorSubmissions(signal?: AbortSignal): Promise<CreatorSubmission[]> {
  const body = await api<{ submissions: CreatorSubmission[] }>('/api/creator/submissions', {
    signal,
  });
  return body.submissions;
}

export function useCreatorSubmissions() {
  return useQuery(
    queryOptions({
      queryKey: creatorSubmissionsKey,
      queryFn: ({ signal }) => getCreatorSubmissions(signal),
    }),
  );
}
