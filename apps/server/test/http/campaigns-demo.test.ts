/**
 * Demo campaign activity (issue 6 item 5): on a first start the demo brand has approved entries with
 * a paid and a recorded payout and one entry to review, so Payments and Performance show real rows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../src/db/schema';
import { seedDemoData } from '../../src/db/seed';
import { DEMO_ROLE_ACCOUNTS } from '../../src/db/seed-data';
import { ensureDemoCampaignActivity } from '../../src/modules/campaigns/demo-campaigns';
import { createTestApp, type TestApp } from '../support/app';
import { signInAs } from '../support/auth';
import { createVideo } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

async function userIdOf(username: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(eq(profiles.username, username));
  if (!row) throw new Error(`no ${username}`);
  return row.id;
}

describe('ensureDemoCampaignActivity', () => {
  it('enters demo videos into the demo briefs once, with a paid and a recorded payout', async () => {
    const creatorId = await userIdOf('demo_creator');
    const mia = await userIdOf('mia_makes');
    const sofia = await userIdOf('sofia_shoots');
    const db = t.database.db;
    for (const [key, owner] of [
      ['demo-aero-runner', creatorId],
      ['demo-morning-ritual', mia],
      ['demo-weekend-drop', sofia],
    ] as const)
      await createVideo(db, {
        creatorId: owner,
        status: 'approved',
        fileUrl: `/media/videos/${key}.mp4`,
        views: 100,
      });

    expect(await ensureDemoCampaignActivity(db)).toBe(3);
    expect(await ensureDemoCampaignActivity(db)).toBe(0);

    const brandId = await userIdOf(DEMO_ROLE_ACCOUNTS.brand.username);
    const headers = await signInAs(t, {
      id: brandId,
      email: DEMO_ROLE_ACCOUNTS.brand.email,
      roles: ['brand'],
    });
    const money = await t.app.inject({ url: '/api/brand/transactions', headers });
    expect(
      money
        .json()
        .transactions.map((x: { status: string; amountCents: number }) => [x.status, x.amountCents])
        .sort(),
    ).toEqual([
      ['paid', 25_000],
      ['recorded', 10_000],
    ]);
    const entries = await t.app.inject({ url: '/api/brand/submissions', headers });
    expect(
      entries.json().submissions.filter((s: { status: string }) => s.status === 'submitted'),
    ).toHaveLength(1);
    const performance = await t.app.inject({ url: '/api/brand/performance', headers });
    // Performance covers the entries the brand approved.
    expect(performance.json().videos).toHaveLength(2);
  });
});
