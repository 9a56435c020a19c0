/**
 * The brand dashboard's API (SPEC.md §2 Brand Dashboard, §4, §5 Campaign form, §8): creating,
 * closing and reopening campaigns, deciding submissions, booking and paying out, performance.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, likes, shares, transactions, videos, viewEvents } from '../../src/db/schema';
import { rollUpViewWindows } from '../../src/modules/metrics/analytics.rollups';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { createCampaign, createUser } from '../support/factories';
import { bookPayout, submitEntry } from './campaigns.support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const validBody = {
  title: 'Summer drop',
  description: 'Show the bottle in the first second.',
  tags: ['summer', 'drinks'],
  budgetTotalCents: 50_000,
  payoutPerVideoCents: 10_000,
};

describe('POST /api/brand/campaigns', () => {
  it("creates an open campaign of the caller's with 'Campaign created!'", async () => {
    const brand = await signedInUser(t, 'brand', { displayName: 'Fizz Co' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/brand/campaigns',
      headers: brand.headers,
      payload: { ...validBody, deadline: '2099-12-31' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Campaign created!',
      campaign: expect.objectContaining({
        title: 'Summer drop',
        brandId: brand.user.id,
        brandName: 'Fizz Co',
        tags: ['summer', 'drinks'],
        budgetTotalCents: 50_000,
        payoutPerVideoCents: 10_000,
        deadline: '2099-12-31',
        status: 'open',
        availability: 'open',
        bookedCents: 0,
        leftCents: 50_000,
        submissionCount: 0,
      }),
    });
  });

  it('takes a title with lone surrogates (as JSON may escape them), stored and audited with U+FFFD', async () => {
    const brand = await signedInUser(t, 'brand');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/brand/campaigns',
      headers: { ...brand.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...validBody, title: '\udfff\ud800 drop' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().campaign.title).toBe('\ufffd\ufffd drop');
    const [entry] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaign.create'), eq(auditLog.actorId, brand.user.id)));
    expect(entry?.details).toMatchObject({ title: '\ufffd\ufffd drop' });
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ budgetTotalCents: undefined }, 'Budget total is required'],
    [{ budgetTotalCents: 'lots' }, 'Budget total must be a number'],
    [{ budgetTotalCents: 0 }, 'Budget total must be greater than 0'],
    [{ payoutPerVideoCents: -100 }, 'Payout per video must be greater than 0'],
    [{ payoutPerVideoCents: undefined }, 'Payout per video is required'],
    [{ payoutPerVideoCents: 60_000 }, 'Payout per video cannot be more than the budget total'],
    [{ deadline: '2001-01-01' }, 'Deadline cannot be in the past'],
    [{ deadline: 'next week' }, 'Deadline must be a valid date'],
  ])('refuses %j with a 400 and a clear message', async (change, message) => {
    const brand = await signedInUser(t, 'brand');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/brand/campaigns',
      headers: brand.headers,
      payload: { ...validBody, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });
});

describe('close and reopen', () => {
  it('closes an open campaign and reopens it; a second close is refused', async () => {
    const brand = await signedInUser(t, 'brand');
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const close = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/brand/campaigns/${campaign.id}/close`,
        headers: brand.headers,
      });
    const closed = await close();
    expect(closed.statusCode).toBe(200);
    expect(closed.json().campaign).toMatchObject({ status: 'closed', availability: 'closed' });
    expect((await close()).json().error.message).toBe('This campaign is already closed');
    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/brand/campaigns/${campaign.id}/reopen`,
      headers: brand.headers,
    });
    expect(reopened.json()).toMatchObject({
      message: 'Campaign reopened',
      campaign: { status: 'open', availability: 'open' },
    });
  });
});

describe('approving a submission', () => {
  it('publishes the video, books the payout as recorded and writes the audit row', async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await createUser(t.database.db, { role: 'creator' });
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const { submission, video } = await submitEntry(t, campaign, creator.id);

    const listed = await t.app.inject({ url: '/api/brand/submissions', headers: brand.headers });
    expect(listed.json().submissions).toEqual([
      expect.objectContaining({
        id: submission.id,
        status: 'submitted',
        creator: expect.objectContaining({ id: creator.id, username: creator.username }),
        video: expect.objectContaining({ id: video.id, fileUrl: video.fileUrl }),
      }),
    ]);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/approve`,
      headers: brand.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Hai appena pubblicato una nuova ad!',
      submission: { status: 'approved_by_brand', video: { status: 'approved' } },
      transaction: { amountCents: 10_000, status: 'recorded', campaign: { id: campaign.id } },
    });
    const [published] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(published?.publishedAt).toBeInstanceOf(Date);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, submission.id), eq(auditLog.action, 'submission.approve')));
    expect(audit).toHaveLength(1);

    // The campaign now shows the money used and left; the creator's earnings count it.
    const campaigns = await t.app.inject({ url: '/api/brand/campaigns', headers: brand.headers });
    expect(campaigns.json().campaigns[0]).toMatchObject({
      bookedCents: 10_000,
      leftCents: 90_000,
      submissionCount: 1,
      pendingCount: 0,
    });
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/approve`,
      headers: brand.headers,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('This submission has already been decided');
  });

  it('refuses an approval that would take bookings past the budget, and books nothing', async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await createUser(t.database.db, { role: 'creator' });
    const campaign = await createCampaign(t.database.db, {
      brandId: brand.user.id,
      budgetTotalCents: 25_000,
      payoutPerVideoCents: 10_000,
    });
    await bookPayout(t, campaign, creator.id);
    await bookPayout(t, campaign, creator.id);
    const { submission } = await submitEntry(t, campaign, creator.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/approve`,
      headers: brand.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "Approving this submission would exceed the campaign's budget",
    );
    const booked = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.campaignId, campaign.id));
    expect(booked).toHaveLength(2);
    const after = await t.app.inject({ url: '/api/brand/submissions', headers: brand.headers });
    expect(after.json().submissions[0].status).toBe('submitted');
  });

  it('books exactly once when ten approvals of one submission arrive at once', async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await createUser(t.database.db, { role: 'creator' });
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const { submission, video } = await submitEntry(t, campaign, creator.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/brand/submissions/${submission.id}/approve`,
          headers: brand.headers,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const booked = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.videoId, video.id));
    expect(booked).toHaveLength(1);
  });

  it('books at most what the budget holds when entries of one campaign are approved at once', async () => {
    const brand = await signedInUser(t, 'brand');
    const campaign = await createCampaign(t.database.db, {
      brandId: brand.user.id,
      budgetTotalCents: 30_000,
      payoutPerVideoCents: 10_000,
    });
    const entries = [];
    for (let i = 0; i < 5; i += 1) {
      const creator = await createUser(t.database.db, { role: 'creator' });
      entries.push(await submitEntry(t, campaign, creator.id));
    }
    const answers = await Promise.all(
      entries.map(({ submission }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/brand/submissions/${submission.id}/approve`,
          headers: brand.headers,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const booked = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.campaignId, campaign.id));
    expect(booked).toHaveLength(3);
  });

  it.each([
    ['processing', 'This video is still processing. Try again once it is ready.'],
    ['failed', 'This video could not be processed, so it cannot be approved'],
    ['rejected', 'This video was rejected by moderation, so it cannot be approved'],
  ] as const)('refuses a %s video', async (status, message) => {
    const brand = await signedInUser(t, 'brand');
    const creator = await createUser(t.database.db, { role: 'creator' });
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const { submission } = await submitEntry(t, campaign, creator.id, {
      status,
      ...(status === 'processing' || status === 'failed' ? { fileUrl: null, thumbUrl: null } : {}),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/approve`,
      headers: brand.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(message);
  });

  it('approves a video an admin already published, keeping its publication time', async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await createUser(t.database.db, { role: 'creator' });
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const publishedAt = new Date(Date.now() - 3_600_000);
    const { submission, video } = await submitEntry(t, campaign, creator.id, {
      status: 'approved',
      publishedAt,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/approve`,
      headers: brand.headers,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.publishedAt?.getTime()).toBe(publishedAt.getTime());
  });
});

describe('rejecting a submission', () => {
  it("records the optional reason, which the creator reads with 'Submission rejected'", async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await signedInUser(t, 'creator');
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const { submission } = await submitEntry(t, campaign, creator.user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/reject`,
      headers: brand.headers,
      payload: { reason: 'Logo must be visible' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Submission rejected',
      submission: { status: 'rejected_by_brand', rejectionReason: 'Logo must be visible' },
      transaction: null,
    });
    const mine = await t.app.inject({ url: '/api/creator/submissions', headers: creator.headers });
    expect(mine.json().submissions).toEqual([
      expect.objectContaining({
        id: submission.id,
        status: 'rejected_by_brand',
        rejectionReason: 'Logo must be visible',
        campaign: expect.objectContaining({ title: campaign.title }),
      }),
    ]);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/approve`,
      headers: brand.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('rejects without a reason, and refuses one over 500 characters', async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await createUser(t.database.db, { role: 'creator' });
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const { submission } = await submitEntry(t, campaign, creator.id);
    const long = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/reject`,
      headers: brand.headers,
      payload: { reason: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Reason must be less than 500 characters');
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/reject`,
      headers: brand.headers,
    });
    expect(bare.json().submission).toMatchObject({
      status: 'rejected_by_brand',
      rejectionReason: null,
    });
  });
});

describe('payments', () => {
  it("marks a recorded payment paid once; the creator's earnings follow", async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await signedInUser(t, 'creator');
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const { submission } = await submitEntry(t, campaign, creator.user.id);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/approve`,
      headers: brand.headers,
    });
    const transactionId = approved.json().transaction.id as string;

    const before = await t.app.inject({ url: '/api/creator/earnings', headers: creator.headers });
    expect(before.json()).toMatchObject({ totalCents: 10_000, paidOutCents: 0 });
    const stats = await t.app.inject({ url: '/api/creator/stats', headers: creator.headers });
    expect(stats.json().earningsCents).toBe(10_000);

    const list = await t.app.inject({ url: '/api/brand/transactions', headers: brand.headers });
    expect(list.json().transactions).toEqual([
      expect.objectContaining({
        id: transactionId,
        campaign: { id: campaign.id, title: campaign.title },
        creator: expect.objectContaining({ id: creator.user.id }),
        amountCents: 10_000,
        status: 'recorded',
        paidAt: null,
      }),
    ]);
    const markPaid = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/brand/transactions/${transactionId}/mark-paid`,
        headers: brand.headers,
      });
    const paid = await markPaid();
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      message: 'Payment marked as paid!',
      transaction: { status: 'paid', paidAt: expect.any(String) },
    });
    const twice = await markPaid();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Only a recorded payment can be marked as paid');

    const after = await t.app.inject({ url: '/api/creator/earnings', headers: creator.headers });
    expect(after.json()).toMatchObject({
      totalCents: 10_000,
      paidOutCents: 10_000,
      transactions: [expect.objectContaining({ status: 'paid' })],
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, transactionId));
    expect(audit.map((row) => row.action)).toEqual(['transaction.mark_paid']);
  });
});

describe('GET /api/brand/performance', () => {
  it('sums views, likes, shares and clicks per campaign and video and counts them by day', async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await createUser(t.database.db, { role: 'creator' });
    const fan = await createUser(t.database.db);
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const { video } = await submitEntry(
      t,
      campaign,
      creator.id,
      {
        status: 'approved',
        views: 10,
        likes: 4,
        shares: 2,
        clicks: 3,
        vt90Count: 5,
        watchTimeAvg: 0.6,
      },
      'approved_by_brand',
    );
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.database.db.insert(viewEvents).values([
      { videoId: video.id, viewerKey: 'a', countedAt: new Date() },
      { videoId: video.id, viewerKey: 'b', countedAt: yesterday },
      { videoId: video.id, viewerKey: 'c', countedAt: null },
    ]);
    // Written straight into view_events, so rolled up as the merge of view windows would.
    await rollUpViewWindows(t.database.db, [{ id: video.id, durationSec: 30 }]);
    await t.database.db.insert(likes).values({ userId: fan.id, videoId: video.id });
    await t.database.db.insert(shares).values({ userId: fan.id, videoId: video.id });

    const res = await t.app.inject({
      url: '/api/brand/performance?days=7',
      headers: brand.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const figures = {
      views: 10,
      likes: 4,
      shares: 2,
      clicks: 3,
      completionRate: 0.5,
      watchRate: expect.closeTo(0.6, 5),
      // Issue 16: nothing was filtered here.
      filtered: { views: 0, byReason: {} },
    };
    expect(body.campaigns).toEqual([
      { id: campaign.id, title: campaign.title, videoCount: 1, ...figures },
    ]);
    expect(body.videos).toEqual([expect.objectContaining({ id: video.id, ...figures })]);
    expect(body.daily).toHaveLength(7);
    const today = body.daily.at(-1);
    expect(today).toEqual({
      date: new Date().toISOString().slice(0, 10),
      views: 1,
      likes: 1,
      shares: 1,
    });
    expect(body.daily.at(-2).views).toBe(1);
  });

  it('refuses a window beyond 90 days', async () => {
    const brand = await signedInUser(t, 'brand');
    const res = await t.app.inject({
      url: '/api/brand/performance?days=365',
      headers: brand.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Days must be between 1 and 90');
  });
});
