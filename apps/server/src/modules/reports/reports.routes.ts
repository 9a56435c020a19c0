/** The admin's Reports tab and tab counts (SPEC.md §2 Admin Dashboard; §6: admin only). */
import {
  adminCountsSchema,
  adminReportListSchema,
  adminReportQuerySchema,
  errorResponseSchema,
  rejectSubmissionBodySchema,
  reportOutcomeSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { requireAuth } from '../../platform/authenticate';
import { adminErrors } from '../admin/admin.schemas';
import { adminCountsFor, dismissReport, listReports, removeReportedVideo } from './reports.service';

const idParams = z.object({ id: z.uuid({ error: 'Invalid report ID' }) });
const decisionErrors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  ...adminErrors,
};

export interface AdminReportRoutesOptions {
  context: ModuleContext;
  /** Runs after a video is removed (e.g. deleting its media); failures only logged. */
  afterVideoRemoved?: (videoId: string) => Promise<unknown>;
}

export const adminReportRoutes: FastifyPluginAsyncZod<AdminReportRoutesOptions> = async (
  app,
  { context, afterVideoRemoved },
) => {
  const { db, config } = context;
  // Admin only, as every route under /api/admin (platform/admin-guard.ts).

  app.get(
    '/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reports with the video and reporter: open ones newest first, or closed ones',
        querystring: adminReportQuerySchema,
        response: { 200: adminReportListSchema, 400: errorResponseSchema, ...adminErrors },
      },
    },
    async (request) => ({
      reports: await listReports(db, requireAuth(request), request.query.status),
    }),
  );

  app.post(
    '/reports/:id/dismiss',
    {
      schema: {
        tags: ['admin'],
        summary: 'Dismiss a report: the video stays; the reporter is told by mail',
        params: idParams,
        response: { 200: reportOutcomeSchema, ...decisionErrors },
      },
    },
    async (request) => dismissReport(db, config, request.params.id, requireAuth(request)),
  );

  app.post(
    '/reports/:id/remove-video',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Remove the reported video (rejects it) and close its open reports; reporters are told by mail, and the creator, with the optional reason',
        params: idParams,
        body: rejectSubmissionBodySchema.nullish(),
        response: { 200: reportOutcomeSchema, ...decisionErrors },
      },
    },
    async (request) =>
      removeReportedVideo(
        db,
        config,
        request.params.id,
        requireAuth(request),
        afterVideoRemoved && { afterVideoRemoved, log: request.log },
        request.body?.reason || undefined,
      ),
  );

  app.get(
    '/counts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Counts for the admin tabs: pending videos and open reports',
        response: { 200: adminCountsSchema, ...adminErrors },
      },
    },
    async (request) => adminCountsFor(db, requireAuth(request)),
  );
};
