import type { AdminReport } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type ReportListStatus = 'open' | 'closed';

export const adminReportsKey = ['admin', 'reports'] as const;

/** GET /api/admin/reports?status=open|closed: reports with their video and reporter, newest first. */
export async function getAdminReports(
  status: ReportListStatus,
  signal?: AbortSignal,
): Promise<AdminReport[]> {
  const body = await api<{ reports: AdminReport[] }>(`/api/admin/reports?status=${status}`, {
    signal,
  });
  return body.reports;
}

export function adminReportsQueryOptions(status: ReportListStatus) {
  return queryOptions({
    queryKey: [...adminReportsKey, status],
    queryFn: ({ signal }) => getAdminReports(status, signal),
  });
}

export function useAdminReports(status: ReportListStatus) {
  return useQuery(adminReportsQueryOptions(status));
}
