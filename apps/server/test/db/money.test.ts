import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, submissions, transactions, users } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';
import {
  CHECK_VIOLATION,
  FOREIGN_KEY_VIOLATION,
  RESTRICT_VIOLATION,
  refusal,
  UNIQUE_VIOLATION,
} from '../support/errors';
import { createCampaign, createUser, createVideo } from '../support/factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** The rows a brand approval books: the campaign, the video entered and its booking. */
async function bookedSubmission() {
  const campaign = await createCampaign(database.db);
  const video = await createVideo(database.db, { campaignId: campaign.id });
  const booking = {
    campaignId: campaign.id,
    videoId: video.id,
    brandId: campaign.brandId,
    creatorId: video.creatorId,
    amountCents: campaign.payoutPerVideoCents,
    type: 'booking' as const,
  };
  const [transaction] = await database.db.insert(transactions).values(booking).returning();
  if (!transaction) throw new Error('insert into transactions returned no row');
  return { campaign, video, booking, transaction };
}

describe('campaigns', () => {
  it('start open with no tags unless given', async () => {
    const brand = await createUser(database.db, { role: 'brand' });
    const [campaign] = await database.db
      .insert(campaigns)
      .values({ brandId: brand.id, title: 'Bare', budgetTotalCents: 0, payoutPerVideoCents: 0 })
      .returning();
    expect(campaign).toMatchObject({ status: 'open', tags: [], description: '', deadline: null });
  });

  it('refuses a negative budget', async () => {
    expect(
      await refusal(createCampaign(database.db, { budgetTotalCents: -1, payoutPerVideoCents: 0 })),
    ).toMatchObject({ code: CHECK_VIOLATION, constraint: 'campaigns_budget_non_negative' });
  });

  it('refuses a payout per video above the total budget, or below zero', async () => {
    for (const payoutPerVideoCents of [100_001, -1]) {
      const campaign = createCampaign(database.db, {
        budgetTotalCents: 100_000,
        payoutPerVideoCents,
      });
      expect(await refusal(campaign)).toMatchObject({
        constraint: 'campaigns_payout_within_budget',
      });
    }
    await createCampaign(database.db, { budgetTotalCents: 100_000, payoutPerVideoCents: 100_000 });
  });

  it('refuses a status other than open or closed', async () => {
    const campaign = await createCampaign(database.db);
    const statement = sql`update campaigns set status = 'paused' where id = ${campaign.id}`;
    expect(await refusal(database.db.execute(statement))).toMatchObject({
      constraint: 'campaigns_status_known',
    });
  });

  it('keeps amounts beyond 21 million dollars exact', async () => {
    const budgetTotalCents = 5_000_000_000;
    const campaign = await createCampaign(database.db, { budgetTotalCents });
    expect(campaign.budgetTotalCents).toBe(budgetTotalCents);
  });
});

describe('submissions', () => {
  it('enter a video into a campaign only once', async () => {
    const campaign = await createCampaign(database.db);
    const video = await createVideo(database.db, { campaignId: campaign.id });
    const submission = { campaignId: campaign.id, creatorId: video.creatorId, videoId: video.id };
    const [first] = await database.db.insert(submissions).values(submission).returning();
    expect(first?.status).toBe('submitted');
    expect(await refusal(database.db.insert(submissions).values(submission))).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'submissions_video_id_unique',
    });
  });

  it('refuses an unknown status', async () => {
    const campaign = await createCampaign(database.db);
    const video = await createVideo(database.db, { campaignId: campaign.id });
    const statement = sql`insert into submissions (campaign_id, creator_id, video_id, status, decided_at)
      values (${campaign.id}, ${video.creatorId}, ${video.id}, 'shortlisted', now())`;
    expect(await refusal(database.db.execute(statement))).toMatchObject({
      constraint: 'submissions_status_known',
    });
  });
});

describe('transactions', () => {
  it('start recorded', async () => {
    const { video } = await bookedSubmission();
    const [row] = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.videoId, video.id));
    expect(row).toMatchObject({ status: 'recorded', paidAt: null, type: 'booking' });
  });

  it('book a video once, however often the approval arrives', async () => {
    const { booking } = await bookedSubmission();
    expect(await refusal(database.db.insert(transactions).values(booking))).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'transactions_video_type_unique',
    });
  });

  it('refuse a negative amount', async () => {
    const { booking } = await bookedSubmission();
    const video = await createVideo(database.db, { campaignId: booking.campaignId });
    const negative = database.db
      .insert(transactions)
      .values({ ...booking, videoId: video.id, amountCents: -100 });
    expect(await refusal(negative)).toMatchObject({
      constraint: 'transactions_amount_non_negative',
    });
  });

  it('refuse a type or status the product does not know', async () => {
    const { video } = await bookedSubmission();
    const refund = sql`update transactions set type = 'refund' where video_id = ${video.id}`;
    expect(await refusal(database.db.execute(refund))).toMatchObject({
      constraint: 'transactions_type_known',
    });
    const lost = sql`update transactions set status = 'lost' where video_id = ${video.id}`;
    expect(await refusal(database.db.execute(lost))).toMatchObject({
      constraint: 'transactions_status_known',
    });
  });

  it('say when a payment was marked paid', async () => {
    const { video } = await bookedSubmission();
    const paid = database.db
      .update(transactions)
      .set({ status: 'paid' })
      .where(eq(transactions.videoId, video.id));
    expect(await refusal(paid)).toMatchObject({ constraint: 'transactions_paid_consistent' });
  });

  it("stay when the creator's account is erased", async () => {
    const { video, transaction } = await bookedSubmission();
    await database.db.delete(users).where(eq(users.id, video.creatorId));
    const [row] = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, transaction.id));
    expect(row).toMatchObject({
      creatorId: null,
      videoId: null,
      amountCents: transaction.amountCents,
    });
  });

  it("keep the brand's account from being erased while money rows point at it", async () => {
    const { campaign } = await bookedSubmission();
    const erase = database.db.delete(users).where(eq(users.id, campaign.brandId));
    // PostgreSQL 18 (PGlite) reports ON DELETE RESTRICT as restrict_violation; older servers as a
    // plain foreign-key violation.
    expect([RESTRICT_VIOLATION, FOREIGN_KEY_VIOLATION]).toContain((await refusal(erase)).code);
    expect(await database.db.$count(users, eq(users.id, campaign.brandId))).toBe(1);
  });
});
