/**
 * Failed and stuck processing jobs (issue 17 item 5) under /api/admin: admins only, by
 * platform/admin-guard.ts and mayManageProcessingJobs.
 */
import {
  errorResponseSchema,
  JOB_TEXTS,
  processingJobListSchema,
  retryJobResultSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { requireAuth } from '../../platform/authenticate';
import { listProcessingJobs, retryProcessingJob } from './processing-jobs.service';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

export const processingJobRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db, config } = context;

  app.get(
    '/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Video processing jobs that failed for good or are stuck, newest first (100)',
        response: { 200: processingJobListSchema, ...errors },
      },
    },
    async (request) => ({ jobs: await listProcessingJobs(db, requireAuth(request)) }),
  );

  app.post(
    '/jobs/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Queue a failed or stuck processing job again (audited)',
        params: z.object({ id: z.uuid() }),
        response: { 200: retryJobResultSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await retryProcessingJob(db, config, requireAuth(request), request.params.id);
      app.videoWorker.nudge();
      return { message: JOB_TEXTS.retried, jobId: request.params.id };
    },
  );
};
