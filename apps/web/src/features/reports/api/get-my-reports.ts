import type { MyReport } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const myReportsKey = ['me', 'reports'] as const;

/** GET /api/me/reports: the reports the signed-in user made, with what came of each. */
export async function getMyReports(signal?: AbortSignal): Promise<MyReport[]> {
  const body = await api<{ reports: MyReport[] }>('/api/me/reports', { signal });
  return body.reports;
}

export const myReportsQueryOptions = queryOptions({
  queryKey: myReportsKey,
  queryFn: ({ signal }) => getMyReports(signal),
});

export function useMyReports() {
  return useQuery(myReportsQueryOptions);
}
