import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, profiles, userRoles, users, videos } from '../../src/db/schema';
import { seedDemoData } from '../../src/db/seed';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createUser, createVideo } from '../support/factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function idOf(email: string): Promise<string | undefined> {
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return row?.id;
}

async function counts() {
  const { db } = database;
  return {
    users: await db.$count(users),
    profiles: await db.$count(profiles),
    roles: await db.$count(userRoles),
    campaigns: await db.$count(campaigns),
  };
}

describe('demo data', () => {
  it('gives one verified account per role that signs in with the demo password', async () => {
    const accounts = await seedDemoData(database.db);
    expect(accounts.map((account) => [account.role, account.email])).toEqual([
      ['admin', 'admin@adreel.test'],
      ['brand', 'brand@adreel.test'],
      ['creator', 'creator@adreel.test'],
      ['viewer', 'viewer@adreel.test'],
    ]);
    for (const account of accounts) {
      const [row] = await database.db
        .select({ user: users, role: userRoles.role, username: profiles.username })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.email, account.email));
      expect(row).toMatchObject({ role: account.role, username: account.username });
      expect(row?.user.emailVerifiedAt).toBeInstanceOf(Date);
      expect(row?.user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(row?.user.passwordHash ?? '', account.password)).toBe(true);
    }
  });

  it('adds three more creators with profiles', async () => {
    const creators = await database.db
      .select({ username: profiles.username })
      .from(userRoles)
      .innerJoin(profiles, eq(profiles.userId, userRoles.userId))
      .where(eq(userRoles.role, 'creator'));
    expect(creators).toHaveLength(4);
  });

  it("lists the four sample briefs as the demo brand's open campaigns, deadlines ahead", async () => {
    const rows = await database.db
      .select({ campaign: campaigns })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.brandId))
      .where(eq(users.email, 'brand@adreel.test'));
    expect(rows).toHaveLength(4);
    const today = new Date().toISOString().slice(0, 10);
    for (const { campaign } of rows) {
      expect(campaign.status).toBe('open');
      expect(campaign.tags.length).toBeGreaterThan(0);
      expect(campaign.payoutPerVideoCents).toBeGreaterThan(0);
      expect(campaign.payoutPerVideoCents).toBeLessThanOrEqual(campaign.budgetTotalCents);
      expect(campaign.deadline && campaign.deadline > today).toBe(true);
    }
  });

  it('changes nothing when run again on the next start, and still returns the accounts', async () => {
    const before = await counts();
    await database.db
      .update(campaigns)
      .set({ status: 'closed' })
      .where(eq(campaigns.title, 'My Morning Ritual'));

    const accounts = await seedDemoData(database.db);

    expect(accounts).toHaveLength(4);
    expect(await counts()).toEqual(before);
    expect(await database.db.$count(campaigns, eq(campaigns.status, 'closed'))).toBe(1);
  });

  it('starts the demo afresh when forced, leaving everyone else alone', async () => {
    const stranger = await createUser(database.db, { role: 'creator' });
    const demoCreatorId = await idOf('creator@adreel.test');
    await createVideo(database.db, { creatorId: demoCreatorId });
    const before = await counts();

    await seedDemoData(database.db, { force: true });

    expect(await counts()).toEqual(before);
    expect(await database.db.$count(campaigns, eq(campaigns.status, 'closed'))).toBe(0);
    expect(await database.db.$count(videos)).toBe(0);
    expect(await idOf('creator@adreel.test')).not.toBe(demoCreatorId);
    expect(await idOf(stranger.email)).toBe(stranger.id);
  });
});

describe('demo data on a server shared by several processes', () => {
  it('is created once when two processes start at the same moment', async () => {
    const fresh = await createTestDatabase();
    try {
      await Promise.all([seedDemoData(fresh.db), seedDemoData(fresh.db)]);
      expect(await fresh.db.$count(users)).toBe(7);
    } finally {
      await fresh.dispose();
    }
  });
});
