/**
 * SPEC.md §6, enforced by the server: a brand sees and acts on only its own campaigns, the
 * submissions to them and their transactions; a creator only their own entries and transactions.
 * Two brands and two creators prove every read and write of issue 6. Another brand's row is a 404
 * (as if it did not exist), the wrong role a 403, nobody signed in a 401.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions, transactions } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, asRole, signedInUser } from '../support/auth';
import { createCampaign, type TestUser } from '../support/factories';
import { submitEntry } from './campaigns.support';

type Side = {
  brand: { user: TestUser; headers: AuthHeaders };
  creator: { user: TestUser; headers: AuthHeaders };
  campaignId: string;
  /** Still submitted, for the write tests. */
  submissionId: string;
  /** Approved: its booking is `transactionId`. */
  approvedSubmissionId: string;
  transactionId: string;
  videoId: string;
};

let t: TestApp;
let a: Side;
let b: Side;
let admin: AuthHeaders;

async function side(name: string): Promise<Side> {
  const brand = await signedInUser(t, 'brand', { displayName: `Brand ${name}` });
  const creator = await signedInUser(t, 'creator');
  const campaign = await createCampaign(t.database.db, {
    brandId: brand.user.id,
    title: `Campaign ${name}`,
  });
  const waiting = await submitEntry(t, campaign, creator.user.id);
  const approved = await submitEntry(t, campaign, creator.user.id);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/brand/submissions/${approved.submission.id}/approve`,
    headers: brand.headers,
  });
  expect(res.statusCode).toBe(200);
  return {
    brand,
    creator,
    campaignId: campaign.id,
    submissionId: waiting.submission.id,
    approvedSubmissionId: approved.submission.id,
    transactionId: res.json().transaction.id,
    videoId: approved.video.id,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await side('A');
  b = await side('B');
  admin = await asRole(t, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: AuthHeaders) => t.app.inject({ url, headers });
const post = (url: string, headers: AuthHeaders, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('reads', () => {
  it("lists only the brand's own campaigns", async () => {
    const res = await get('/api/brand/campaigns', a.brand.headers);
    expect(res.json().campaigns.map((c: { id: string }) => c.id)).toEqual([a.campaignId]);
  });

  it("lists only the submissions to the brand's own campaigns", async () => {
    const res = await get('/api/brand/submissions', a.brand.headers);
    const ids = res.json().submissions.map((s: { id: string }) => s.id);
    expect(ids.sort()).toEqual([a.submissionId, a.approvedSubmissionId].sort());
  });

  it("lists only the brand's own transactions", async () => {
    const res = await get('/api/brand/transactions', b.brand.headers);
    expect(res.json().transactions.map((x: { id: string }) => x.id)).toEqual([b.transactionId]);
  });

  it("shows performance of only the brand's own campaigns and videos", async () => {
    const res = await get('/api/brand/performance', a.brand.headers);
    expect(res.json().campaigns.map((c: { id: string }) => c.id)).toEqual([a.campaignId]);
    expect(res.json().videos.map((v: { id: string }) => v.id)).toEqual([a.videoId]);
  });

  it('gives a creator only their own earnings and entries', async () => {
    const earnings = await get('/api/creator/earnings', a.creator.headers);
    expect(earnings.json().transactions.map((x: { id: string }) => x.id)).toEqual([
      a.transactionId,
    ]);
    const entries = await get('/api/creator/submissions', b.creator.headers);
    const ids = entries.json().submissions.map((s: { id: string }) => s.id);
    expect(ids.sort()).toEqual([b.submissionId, b.approvedSubmissionId].sort());
  });

  it("lets an admin see every brand's rows", async () => {
    const campaigns = await get('/api/brand/campaigns', admin);
    const ids = campaigns.json().campaigns.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([a.campaignId, b.campaignId]));
    const money = await get('/api/brand/transactions', admin);
    expect(money.json().transactions).toHaveLength(2);
  });
});

describe("writes on another brand's rows", () => {
  it.each([
    ['close', (x: Side) => `/api/brand/campaigns/${x.campaignId}/close`, 'Campaign not found'],
    ['reopen', (x: Side) => `/api/brand/campaigns/${x.campaignId}/reopen`, 'Campaign not found'],
    [
      'approve',
      (x: Side) => `/api/brand/submissions/${x.submissionId}/approve`,
      'Submission not found',
    ],
    [
      'reject',
      (x: Side) => `/api/brand/submissions/${x.submissionId}/reject`,
      'Submission not found',
    ],
    [
      'mark paid',
      (x: Side) => `/api/brand/transactions/${x.transactionId}/mark-paid`,
      'Transaction not found',
    ],
  ])('%s answers 404 and changes nothing', async (_action, url, message) => {
    const res = await post(url(b), a.brand.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(message);
    const [entry] = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, b.submissionId));
    expect(entry?.status).toBe('submitted');
    const [money] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, b.transactionId));
    expect(money?.status).toBe('recorded');
    const campaigns = await get('/api/brand/campaigns', b.brand.headers);
    expect(campaigns.json().campaigns[0].status).toBe('open');
  });

  it('answers an unknown or malformed id the same way', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await post(`/api/brand/submissions/${id}/approve`, a.brand.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Submission not found');
    }
  });

  it("lets an admin act on any brand's rows", async () => {
    const res = await post(`/api/brand/transactions/${b.transactionId}/mark-paid`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Payment marked as paid!');
  });
});

describe('who may call the brand API', () => {
  const id = randomUUID();
  const ROUTES: Array<Pick<InjectOptions, 'method' | 'url' | 'payload'>> = [
    { method: 'GET', url: '/api/brand/campaigns' },
    {
      method: 'POST',
      url: '/api/brand/campaigns',
      payload: { title: 'X', budgetTotalCents: 100, payoutPerVideoCents: 10 },
    },
    { method: 'POST', url: `/api/brand/campaigns/${id}/close` },
    { method: 'POST', url: `/api/brand/campaigns/${id}/reopen` },
    { method: 'GET', url: '/api/brand/submissions' },
    { method: 'POST', url: `/api/brand/submissions/${id}/approve` },
    { method: 'POST', url: `/api/brand/submissions/${id}/reject` },
    { method: 'GET', url: '/api/brand/transactions' },
    { method: 'POST', url: `/api/brand/transactions/${id}/mark-paid` },
    { method: 'GET', url: '/api/brand/performance' },
  ];
  const cases = ROUTES.flatMap((route) => [
    { ...route, actor: 'signed out' as const, status: 401 },
    ...(['viewer', 'creator'] as const).map((actor) => ({ ...route, actor, status: 403 })),
  ]);
  const headers = new Map<Role, AuthHeaders>();
  beforeAll(async () => {
    for (const role of ['viewer', 'creator'] as const) headers.set(role, await asRole(t, role));
  });

  it.each(cases)('$method $url answers $status to $actor', async (route) => {
    const res = await t.app.inject({
      method: route.method,
      url: route.url,
      ...(route.payload ? { payload: route.payload } : {}),
      headers: route.actor === 'signed out' ? {} : headers.get(route.actor),
    });
    expect(res.statusCode).toBe(route.status);
  });

  it("keeps a creator's entries from brands and viewers", async () => {
    expect((await get('/api/creator/submissions', a.brand.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/creator/submissions' })).statusCode).toBe(401);
  });
});
