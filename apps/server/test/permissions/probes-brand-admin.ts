import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  accessRequests,
  campaigns,
  jobs,
  reports,
  submissions,
  transactions,
  videos,
  whitelist,
} from '../../src/db/schema';
import { PROCESS_VIDEO_QUEUE } from '../../src/modules/videos/upload.service';
import { createCampaign, createVideo } from '../support/factories';
import { as, type Build, get, listOf, NOT_BRAND_A, one, post } from './probe';
import { unique, type World } from './world';

async function pendingVideoOfA(w: World) {
  const video = await createVideo(w.db, { creatorId: w.users.creatorA.id });
  return { id: video.id, row: () => w.db.select().from(videos).where(eq(videos.id, video.id)) };
}

/** Creator A's video whose processing failed for good, its original kept for a retry. */
async function failedProcessingJobOfA(w: World) {
  const video = await createVideo(w.db, { creatorId: w.users.creatorA.id, status: 'failed' });
  const uploadId = `matrix${unique()}`;
  mkdirSync(path.join(w.dataDir, 'uploads'), { recursive: true });
  writeFileSync(path.join(w.dataDir, 'uploads', uploadId), Buffer.alloc(1024, 7));
  const job = await one(
    w.db
      .insert(jobs)
      .values({
        queue: PROCESS_VIDEO_QUEUE,
        payload: { videoId: video.id, uploadId },
        state: 'failed',
        attempts: 1,
        lastError: 'Not a video container',
        finishedAt: new Date(),
      })
      .returning(),
  );
  return { id: job.id, row: () => w.db.select().from(jobs).where(eq(jobs.id, job.id)) };
}

async function submissionToA(w: World) {
  const campaign = await createCampaign(w.db, { brandId: w.users.brandA.id });
  const video = await createVideo(w.db, {
    creatorId: w.users.creatorA.id,
    campaignId: campaign.id,
  });
  const submission = await one(
    w.db
      .insert(submissions)
      .values({ campaignId: campaign.id, creatorId: w.users.creatorA.id, videoId: video.id })
      .returning(),
  );
  const row = async () => ({
    submission: await w.db.select().from(submissions).where(eq(submissions.id, submission.id)),
    video: await w.db.select().from(videos).where(eq(videos.id, video.id)),
    transactions: await w.db
      .select()
      .from(transactions)
      .where(eq(transactions.campaignId, campaign.id)),
  });
  return { id: submission.id, row };
}

async function campaignOfA(w: World, status: 'open' | 'closed') {
  const campaign = await createCampaign(w.db, { brandId: w.users.brandA.id, status });
  return {
    id: campaign.id,
    row: () => w.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)),
  };
}

async function openReportOnA(w: World) {
  const video = await createVideo(w.db, { creatorId: w.users.creatorA.id, status: 'approved' });
  const report = await one(
    w.db
      .insert(reports)
      .values({ videoId: video.id, reporterId: w.users.viewer.id, reason: 'Misleading claims' })
      .returning(),
  );
  const row = async () => ({
    report: await w.db.select().from(reports).where(eq(reports.id, report.id)),
    video: await w.db.select().from(videos).where(eq(videos.id, video.id)),
  });
  return { id: report.id, row };
}

export const BRAND_ADMIN_PROBES: Record<string, Build> = {
  'POST /api/brand/campaigns': post('/api/brand/campaigns', {
    title: 'Matrix campaign',
    budgetTotalCents: 50_000,
    payoutPerVideoCents: 5_000,
  }),
  'GET /api/brand/campaigns': listOf(
    '/api/brand/campaigns',
    (w) => [w.rowsOfA.campaignId],
    NOT_BRAND_A,
  ),
  'POST /api/brand/campaigns/:id/close': async (actor, w) => {
    const campaign = await campaignOfA(w, 'open');
    return {
      ...(await post(`/api/brand/campaigns/${campaign.id}/close`)(actor, w)),
      row: campaign.row,
    };
  },
  'POST /api/brand/campaigns/:id/reopen': async (actor, w) => {
    const campaign = await campaignOfA(w, 'closed');
    return {
      ...(await post(`/api/brand/campaigns/${campaign.id}/reopen`)(actor, w)),
      row: campaign.row,
    };
  },
  'GET /api/brand/submissions': listOf(
    '/api/brand/submissions',
    (w) => [w.rowsOfA.submissionId],
    NOT_BRAND_A,
  ),
  'POST /api/brand/submissions/:id/approve': async (actor, w) => {
    const entry = await submissionToA(w);
    return {
      ...(await post(`/api/brand/submissions/${entry.id}/approve`)(actor, w)),
      row: entry.row,
    };
  },
  'POST /api/brand/submissions/:id/reject': async (actor, w) => {
    const entry = await submissionToA(w);
    return {
      ...(await post(`/api/brand/submissions/${entry.id}/reject`, { reason: 'Not a fit' })(
        actor,
        w,
      )),
      row: entry.row,
    };
  },
  'GET /api/brand/transactions': listOf(
    '/api/brand/transactions',
    (w) => [w.rowsOfA.transactionId],
    NOT_BRAND_A,
  ),
  'POST /api/brand/transactions/:id/mark-paid': async (actor, w) => {
    const campaign = await createCampaign(w.db, { brandId: w.users.brandA.id });
    const video = await createVideo(w.db, {
      creatorId: w.users.creatorA.id,
      campaignId: campaign.id,
      status: 'approved',
    });
    const booking = await one(
      w.db
        .insert(transactions)
        .values({
          campaignId: campaign.id,
          videoId: video.id,
          brandId: w.users.brandA.id,
          creatorId: w.users.creatorA.id,
          amountCents: campaign.payoutPerVideoCents,
          type: 'booking',
        })
        .returning(),
    );
    return {
      ...(await post(`/api/brand/transactions/${booking.id}/mark-paid`)(actor, w)),
      row: () => w.db.select().from(transactions).where(eq(transactions.id, booking.id)),
    };
  },
  'GET /api/brand/performance': listOf(
    '/api/brand/performance',
    (w) => [w.rowsOfA.campaignId],
    NOT_BRAND_A,
  ),

  'GET /api/analytics/brand': listOf(
    '/api/analytics/brand',
    (w) => [w.rowsOfA.videoId],
    NOT_BRAND_A,
  ),
  'GET /api/analytics/creator': listOf('/api/analytics/creator', (w) => [w.rowsOfA.videoId], [
    'creatorB',
  ]),
  'GET /api/analytics/videos/:videoId': async (actor, w) =>
    get(`/api/analytics/videos/${w.rowsOfA.videoId}?as=brand`)(actor, w),
  'GET /api/analytics/stream': async (actor, w) => ({
    ...(await get('/api/analytics/stream?as=brand')(actor, w)),
    stream: true,
  }),

  'GET /api/admin/invites': get('/api/admin/invites'),
  'POST /api/admin/invites': post('/api/admin/invites', { role: 'creator' }),
  'GET /api/admin/whitelist': get('/api/admin/whitelist'),
  'POST /api/admin/whitelist': async (actor, w) =>
    post('/api/admin/whitelist', { email: `white_${unique()}@example.test`, role: 'admin' })(
      actor,
      w,
    ),
  'DELETE /api/admin/whitelist/:id': async (actor, w) => {
    const entry = await one(
      w.db
        .insert(whitelist)
        .values({ email: `listed_${unique()}@example.test`, roleAllowed: 'creator' })
        .returning(),
    );
    return {
      method: 'DELETE',
      url: `/api/admin/whitelist/${entry.id}`,
      headers: as(actor, w),
      row: () => w.db.select().from(whitelist).where(eq(whitelist.id, entry.id)),
    };
  },
  'GET /api/admin/access-requests': get('/api/admin/access-requests'),
  'POST /api/admin/access-requests/:id/decline': async (actor, w) => {
    const request = await one(
      w.db
        .insert(accessRequests)
        .values({ name: 'Asker', email: `ask_${unique()}@example.test`, role: 'creator' })
        .returning(),
    );
    return {
      ...(await post(`/api/admin/access-requests/${request.id}/decline`)(actor, w)),
      row: () => w.db.select().from(accessRequests).where(eq(accessRequests.id, request.id)),
    };
  },
  'GET /api/admin/outbox': get('/api/admin/outbox'),
  'GET /api/admin/jobs': get('/api/admin/jobs'),
  'POST /api/admin/jobs/:id/retry': async (actor, w) => {
    const job = await failedProcessingJobOfA(w);
    return { ...(await post(`/api/admin/jobs/${job.id}/retry`)(actor, w)), row: job.row };
  },
  'POST /api/admin/digest/test': post('/api/admin/digest/test'),
  'GET /api/admin/counts': get('/api/admin/counts'),
  'GET /api/admin/counts/stream': async (actor, w) => ({
    ...(await get('/api/admin/counts/stream')(actor, w)),
    stream: true,
  }),
  'GET /api/admin/audit': get('/api/admin/audit'),
  'GET /api/admin/audit/facets': get('/api/admin/audit/facets'),
  'GET /api/admin/videos': get('/api/admin/videos'),
  'POST /api/admin/videos/:id/approve': async (actor, w) => {
    const video = await pendingVideoOfA(w);
    return { ...(await post(`/api/admin/videos/${video.id}/approve`)(actor, w)), row: video.row };
  },
  'POST /api/admin/videos/:id/reject': async (actor, w) => {
    const video = await pendingVideoOfA(w);
    return { ...(await post(`/api/admin/videos/${video.id}/reject`)(actor, w)), row: video.row };
  },
  'POST /api/admin/videos/:id/feature': async (actor, w) => {
    const video = await createVideo(w.db, { creatorId: w.users.creatorA.id, status: 'approved' });
    return {
      ...(await post(`/api/admin/videos/${video.id}/feature`, { featured: true })(actor, w)),
      row: () => w.db.select().from(videos).where(eq(videos.id, video.id)),
    };
  },
  'POST /api/admin/scores/recompute': post('/api/admin/scores/recompute'),
  'GET /api/admin/reports': get('/api/admin/reports'),
  'POST /api/admin/reports/:id/dismiss': async (actor, w) => {
    const report = await openReportOnA(w);
    return {
      ...(await post(`/api/admin/reports/${report.id}/dismiss`)(actor, w)),
      row: report.row,
    };
  },
  'POST /api/admin/reports/:id/remove-video': async (actor, w) => {
    const report = await openReportOnA(w);
    return {
      ...(await post(`/api/admin/reports/${report.id}/remove-video`)(actor, w)),
      row: report.row,
    };
  },
};
