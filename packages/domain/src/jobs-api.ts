/**
 * Failed and stuck processing jobs for admins:
 * - `GET /api/admin/jobs` → processingJobListSchema: video processing jobs that failed for good or
 *   whose worker stopped (running, lease over), newest first.
 * - `POST /api/admin/jobs/:id/retry` → retryJobResultSchema: the job is queued again (audited).
 */
import { z } from 'zod';

export const processingJobSchema = z.object({
  id: z.string(),
  /** failed: no attempt left; stuck: running, but its worker's lease has passed. */
  state: z.enum(['failed', 'stuck']),
  videoId: z.string(),
  videoTitle: z.string().nullable(),
  creator: z.string().nullable(),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When it failed (finished) or, when stuck, when its lease ran out. */
  at: z.string(),
});
export type ProcessingJob = z.infer<typeof processingJobSchema>;

export const processingJobListSchema = z.object({ jobs: z.array(processingJobSchema) });
export type ProcessingJobList = z.infer<typeof processingJobListSchema>;

export const retryJobResultSchema = z.object({ message: z.string(), jobId: z.string() });
export type RetryJobResult = z.infer<typeof retryJobResultSchema>;

export const JOB_TEXTS = {
  retried: 'Processing queued again',
  notRetryable: 'Only a failed or stuck job can be retried',
  originalGone: 'The uploaded file is gone, so this video cannot be processed again',
  videoGone: 'This video no longer waits for processing',
} as const;
