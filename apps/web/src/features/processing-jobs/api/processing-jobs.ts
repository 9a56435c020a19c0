import type { ProcessingJobList, RetryJobResult } from '@adreel/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const processingJobsKey = ['admin', 'jobs'] as const;

/** GET /api/admin/jobs: video processing jobs that failed for good or are stuck. */
export function getProcessingJobs(signal?: AbortSignal): Promise<ProcessingJobList> {
  return api<ProcessingJobList>('/api/admin/jobs', { signal });
}

export function processingJobsQueryOptions() {
  return queryOptions({
    queryKey: processingJobsKey,
    queryFn: ({ signal }) => getProcessingJobs(signal),
  });
}

export function useProcessingJobs() {
  return useQuery(processingJobsQueryOptions());
}

/** POST /api/admin/jobs/:id/retry: the job is queued again (audited). */
export function retryProcessingJob(id: string): Promise<RetryJobResult> {
  return api<RetryJobResult>(`/api/admin/jobs/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
  });
}

export function useRetryProcessingJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryProcessingJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: processingJobsKey }),
  });
}
