/**
 * Campaigns, submissions and payouts over HTTP (the contract is packages/domain campaign-api.ts).
 * Brand routes allow brand and admin (SPEC.md §6); which rows each sees is campaigns.policy's scope.
 */
import {
  AREA_ROLES,
  brandCampaignListSchema,
  brandPerformanceSchema,
  brandSubmissionListSchema,
  brandTransactionListSchema,
  CAMPAIGN_ERRORS,
  campaignResultSchema,
  createCampaignBodySchema,
  creatorProfileSchema,
  creatorSubmissionListSchema,
  errorResponseSchema,
  markPaidResultSchema,
  performanceQuerySchema,
  publicCampaignListSchema,
  rejectSubmissionBodySchema,
  submissionDecisionSchema,
} from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { allow, requireAuth, UNPROVEN_ALLOWED } from '../../platform/authenticate';
import { notFound } from '../../platform/errors';
import {
  brandCampaigns,
  brandPerformanceFor,
  brandSubmissions,
  brandTransactions,
} from './brand.service';
import {
  approveSubmission,
  createCampaign,
  markTransactionPaid,
  openCampaigns,
  rejectSubmission,
  setCampaignStatus,
} from './campaigns.service';
import { listOwnSubmissions } from './listings.service';
import { ownProfile, publicProfile } from './profiles.service';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };
const actionErrors = {
  ...errors,
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const idParams = z.object({ id: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Another brand's id and a malformed one answer alike, "not found", so neither tells anything. */
function knownId(id: string, message: string): string {
  if (!UUID.test(id)) throw notFound(message);
  return id;
}

export const brandCampaignRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db } = context;
  app.addHook('onRequest', allow.roles(AREA_ROLES.brand));

  app.post(
    '/campaigns',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Create a campaign of the caller (open at once)',
        body: createCampaignBodySchema,
        response: { 201: campaignResultSchema, ...actionErrors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createCampaign(db, requireAuth(request), request.body);
    },
  );

  app.get(
    '/campaigns',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Own campaigns (every brand for an admin) with budget used and left, newest first',
        response: { 200: brandCampaignListSchema, ...errors },
      },
    },
    async (request) => brandCampaigns(db, requireAuth(request)),
  );

  for (const [action, status] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    app.post(
      `/campaigns/:id/${action}`,
      {
        schema: {
          tags: ['campaigns'],
          summary: `${action === 'close' ? 'Close' : 'Reopen'} an own campaign`,
          params: idParams,
          response: { 200: campaignResultSchema, ...actionErrors },
        },
      },
      async (request) =>
        setCampaignStatus(
          db,
          requireAuth(request),
          knownId(request.params.id, CAMPAIGN_ERRORS.campaignNotFound),
          status,
        ),
    );
  }

  app.get(
    '/submissions',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Submissions to own campaigns with video and creator, newest first',
        response: { 200: brandSubmissionListSchema, ...errors },
      },
    },
    async (request) => brandSubmissions(db, requireAuth(request)),
  );

  app.post(
    '/submissions/:id/approve',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Approve a submitted entry: publish the video and book the payout',
        params: idParams,
        response: { 200: submissionDecisionSchema, ...actionErrors },
      },
    },
    async (request) =>
      approveSubmission(
        db,
        requireAuth(request),
        knownId(request.params.id, CAMPAIGN_ERRORS.submissionNotFound),
      ),
  );

  app.post(
    '/submissions/:id/reject',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Reject a submitted entry, with an optional reason the creator sees',
        params: idParams,
        body: rejectSubmissionBodySchema.nullish(),
        response: { 200: submissionDecisionSchema, ...actionErrors },
      },
    },
    async (request) =>
      rejectSubmission(
        db,
        requireAuth(request),
        knownId(request.params.id, CAMPAIGN_ERRORS.submissionNotFound),
        request.body?.reason,
      ),
  );

  app.get(
    '/transactions',
    {
      schema: {
        tags: ['campaigns'],
        summary: "Own campaigns' transactions with campaign and creator, newest first",
        response: { 200: brandTransactionListSchema, ...errors },
      },
    },
    async (request) => brandTransactions(db, requireAuth(request)),
  );

  app.post(
    '/transactions/:id/mark-paid',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Mark a recorded payment as paid',
        params: idParams,
        response: { 200: markPaidResultSchema, ...actionErrors },
      },
    },
    async (request) =>
      markTransactionPaid(
        db,
        requireAuth(request),
        knownId(request.params.id, CAMPAIGN_ERRORS.transactionNotFound),
      ),
  );

  app.get(
    '/performance',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Views, likes, shares, clicks, completion and watch per campaign and video, daily',
        querystring: performanceQuerySchema,
        response: { 200: brandPerformanceSchema, ...errors, 400: errorResponseSchema },
      },
    },
    async (request) => brandPerformanceFor(db, requireAuth(request), request.query.days),
  );
};

export const publicCampaignRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db } = context;

  app.get(
    '/campaigns',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Open campaigns for the briefs, newest first (public)',
        response: { 200: publicCampaignListSchema },
      },
    },
    async () => openCampaigns(db),
  );

  app.get(
    '/creator/submissions',
    {
      preHandler: allow.roles(AREA_ROLES.creator),
      schema: {
        tags: ['campaigns'],
        summary: "The caller's own campaign entries and the brands' decisions, newest first",
        response: { 200: creatorSubmissionListSchema, ...errors },
      },
    },
    async (request) => listOwnSubmissions(db, requireAuth(request)),
  );

  app.get(
    '/profiles/me',
    {
      ...UNPROVEN_ALLOWED,
      preHandler: allow.signedIn,
      schema: {
        tags: ['campaigns'],
        summary: "The caller's own profile",
        response: { 200: creatorProfileSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ownProfile(db, requireAuth(request)),
  );

  app.get(
    '/profiles/:id',
    {
      schema: {
        tags: ['campaigns'],
        summary: "A creator's public profile",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: creatorProfileSchema, 404: errorResponseSchema },
      },
    },
    async (request) => publicProfile(db, request.params.id),
  );
};
