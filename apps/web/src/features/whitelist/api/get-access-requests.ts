import type { AccessRequest } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const accessRequestsKey = ['admin', 'access-requests'] as const;

/** GET /api/admin/access-requests: the pending requests to join (DESIGN.md §3). */
export async function getAccessRequests(signal?: AbortSignal): Promise<AccessRequest[]> {
  const body = await api<{ requests: AccessRequest[] }>('/api/admin/access-requests', { signal });
  return body.requests;
}

export function accessRequestsQueryOptions() {
  return queryOptions({
    queryKey: accessRequestsKey,
    queryFn: ({ signal }) => getAccessRequests(signal),
  });
}

export function useAccessRequests() {
  return useQuery(accessRequestsQueryOptions());
}
