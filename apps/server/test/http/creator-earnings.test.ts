/** Earnings (SPEC.md §2): the creator's own transactions, totals and paid out, newest first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { asRole, signedInUser } from '../support/auth';
import { createCampaign, createVideo } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function book(
  creatorId: string,
  amountCents: number,
  options: {
    paid?: boolean;
    minutesAgo?: number;
    campaignTitle?: string;
    withVideo?: boolean;
  } = {},
) {
  const db = t.database.db;
  const campaign = await createCampaign(
    db,
    options.campaignTitle ? { title: options.campaignTitle } : {},
  );
  const video =
    options.withVideo === false
      ? null
      : await createVideo(db, { creatorId, status: 'approved', campaignId: campaign.id });
  const createdAt = new Date(Date.now() - (options.minutesAgo ?? 0) * 60_000);
  const [row] = await db
    .insert(transactions)
    .values({
      campaignId: campaign.id,
      videoId: video?.id ?? null,
      brandId: campaign.brandId,
      creatorId,
      amountCents,
      type: 'booking',
      status: options.paid ? 'paid' : 'recorded',
      paidAt: options.paid ? new Date() : null,
      createdAt,
    })
    .returning();
  if (!row) throw new Error('no transaction');
  return { transaction: row, campaign, video };
}

describe('GET /api/creator/earnings', () => {
  it('sums all and paid transactions and lists them newest first with campaign and video titles', async () => {
    const alice = await signedInUser(t, 'creator');
    const bob = await signedInUser(t, 'creator');
    const old = await book(alice.user.id, 2500, {
      paid: true,
      minutesAgo: 60,
      campaignTitle: 'Spring drop',
    });
    const mid = await book(alice.user.id, 1000, { minutesAgo: 30, withVideo: false });
    const recent = await book(alice.user.id, 4000, { minutesAgo: 1 });
    await book(bob.user.id, 99_999, { paid: true });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/creator/earnings',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCents).toBe(7500);
    expect(body.paidOutCents).toBe(2500);
    expect(body.transactions.map((x: { id: string }) => x.id)).toEqual([
      recent.transaction.id,
      mid.transaction.id,
      old.transaction.id,
    ]);
    expect(body.transactions[2]).toEqual({
      id: old.transaction.id,
      campaignTitle: 'Spring drop',
      videoTitle: old.video?.title,
      amountCents: 2500,
      status: 'paid',
      createdAt: old.transaction.createdAt.toISOString(),
      paidAt: expect.any(String),
    });
    expect(body.transactions[1]).toMatchObject({
      videoTitle: null,
      paidAt: null,
      status: 'recorded',
    });

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/creator/earnings',
      headers: bob.headers,
    });
    expect(other.json()).toMatchObject({ totalCents: 99_999, paidOutCents: 99_999 });
    expect(other.json().transactions).toHaveLength(1);
  });

  it('answers zeros and an empty list to a creator with no earnings, and to an admin', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const empty = await t.app.inject({ method: 'GET', url: '/api/creator/earnings', headers });
    expect(empty.json()).toEqual({ totalCents: 0, paidOutCents: 0, transactions: [] });
    const admin = await asRole(t, 'admin');
    const own = await t.app.inject({ method: 'GET', url: '/api/creator/earnings', headers: admin });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ totalCents: 0, paidOutCents: 0, transactions: [] });
  });

  it('keeps viewers, brands and the signed-out out', async () => {
    const url = '/api/creator/earnings';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const role of ['viewer', 'brand'] as const) {
      const headers = await asRole(t, role);
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    }
  });
});
