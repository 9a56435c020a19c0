import type { AdminCounts } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminCountsKey = ['admin', 'counts'] as const;

/** GET /api/admin/counts: what waits for an admin, for the tab badges on /admin. */
export async function getAdminCounts(signal?: AbortSignal): Promise<AdminCounts> {
  return api<AdminCounts>('/api/admin/counts', { signal });
}

export const adminCountsQueryOptions = queryOptions({
  queryKey: adminCountsKey,
  queryFn: ({ signal }) => getAdminCounts(signal),
});

export function useAdminCounts() {
  return useQuery(adminCountsQueryOptions);
}
