import type { AdminReport } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminReportsKey } from './get-admin-reports';
import { adminVideosKey } from './get-admin-videos';

export type ReportAction = 'dismiss' | 'remove-video';

/**
 * POST /api/admin/reports/:id/dismiss or /remove-video {reason?}: closes the report with its outcome
 * (removing rejects the video); the reporter is told by mail, and on removal the creator, with the
 * reason when given. Returns the server's message and the report.
 */
export async function resolveReport(input: {
  id: string;
  action: ReportAction;
  reason?: string;
}): Promise<{ message: string; report: AdminReport }> {
  return api(`/api/admin/reports/${encodeURIComponent(input.id)}/${input.action}`, {
    method: 'POST',
    ...(input.action === 'remove-video'
      ? { body: input.reason ? { reason: input.reason } : {} }
      : {}),
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminReportsKey }),
        // Removing a video takes it off the approved list; both change the tab counts.
        queryClient.invalidateQueries({ queryKey: adminVideosKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'counts'] }),
      ]),
  });
}
