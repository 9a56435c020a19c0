import type { ReportInput, ReportResult } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { myReportsKey } from './get-my-reports';

/**
 * POST /api/videos/:id/reports {reason} (signed in): the report, open until an admin acts. A repeat
 * while the caller's report on that video is open answers 200 with that report and `alreadyReported`.
 */
export async function createReport(
  input: ReportInput & { videoId: string },
): Promise<ReportResult> {
  return api(`/api/videos/${encodeURIComponent(input.videoId)}/reports`, {
    method: 'POST',
    body: { reason: input.reason },
  });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myReportsKey }),
  });
}
