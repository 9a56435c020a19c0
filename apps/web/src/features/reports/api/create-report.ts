import type { ReportInput } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { myReportsKey } from './get-my-reports';

interface CreatedReport {
  id: string;
  videoId: string;
  reason: string;
  status: string;
  createdAt: string;
}

/** POST /api/videos/:id/reports {reason} (signed in): the report, open until an admin acts. */
export async function createReport(
  input: ReportInput & { videoId: string },
): Promise<CreatedReport> {
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
