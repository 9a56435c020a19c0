/**
 * Campaign Briefs and creator profiles (SPEC.md §2 Briefs, Profile; DESIGN.md §3): what anyone may
 * read, and that a campaign past its deadline or out of budget is no longer open — to the briefs,
 * Upload's picker and the upload itself.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { createCampaign, createUser, createVideo } from '../support/factories';
import { bookPayout, submitEntry } from './campaigns.support';

let t: TestApp;
let fixtures: VideoFixtures;
beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-data-'));
  [fixtures, t] = await Promise.all([makeVideoFixtures(), createTestApp({ DATA_DIR: dataDir })]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

async function uploadInto(headers: AuthHeaders, campaignId: string) {
  const bytes = await readFile(fixtures.shortMp4);
  const metadata = { title: 'My ad', filename: 'ad.mp4', filetype: 'video/mp4', campaignId };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': Object.entries(metadata)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
  });
  if (created.statusCode !== 201) return created;
  return t.app.inject({
    method: 'PATCH',
    url: created.headers.location as string,
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

describe('open campaigns', () => {
  let open: { id: string };
  let pastDeadline: { id: string };
  let spent: { id: string };
  let closed: { id: string };
  beforeAll(async () => {
    const db = t.database.db;
    const brand = await createUser(db, { role: 'brand', displayName: 'Fizz Co' });
    const creator = await createUser(db, { role: 'creator' });
    open = await createCampaign(db, {
      brandId: brand.id,
      title: 'Open brief',
      tags: ['summer'],
      deadline: '2099-01-01',
    });
    await submitEntry(t, { ...open, brandId: brand.id, payoutPerVideoCents: 10_000 }, creator.id);
    pastDeadline = await createCampaign(db, { brandId: brand.id, deadline: yesterday() });
    spent = await createCampaign(db, {
      brandId: brand.id,
      budgetTotalCents: 15_000,
      payoutPerVideoCents: 10_000,
    });
    await bookPayout(
      t,
      { id: spent.id, brandId: brand.id, payoutPerVideoCents: 10_000 },
      creator.id,
    );
    closed = await createCampaign(db, { brandId: brand.id, status: 'closed' });
  });

  it('lists to anyone only campaigns that take entries, with brand and submission count', async () => {
    const res = await t.app.inject({ url: '/api/campaigns' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().campaigns.map((c: { id: string }) => c.id);
    expect(ids).toContain(open.id);
    for (const gone of [pastDeadline, spent, closed]) expect(ids).not.toContain(gone.id);
    expect(res.json().campaigns.find((c: { id: string }) => c.id === open.id)).toEqual(
      expect.objectContaining({
        title: 'Open brief',
        tags: ['summer'],
        deadline: '2099-01-01',
        submissionCount: 1,
        budgetTotalCents: 100_000,
        leftCents: 100_000,
        brand: expect.objectContaining({ name: 'Fizz Co' }),
      }),
    );
  });

  it("leaves them out of Upload's picker too", async () => {
    const creator = await signedInUser(t, 'creator');
    const res = await t.app.inject({ url: '/api/campaigns/open', headers: creator.headers });
    const ids = res.json().campaigns.map((c: { id: string }) => c.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(spent.id);
    expect(ids).not.toContain(pastDeadline.id);
  });

  it.each([
    ['past its deadline', () => pastDeadline],
    ['with no budget left for a payout', () => spent],
  ])('refuses an upload into a campaign %s', async (_why, campaign) => {
    const creator = await signedInUser(t, 'creator');
    const res = await uploadInto(creator.headers, campaign().id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This campaign is not open for submissions');
  });

  it('accepts an upload into an open campaign', async () => {
    const creator = await signedInUser(t, 'creator');
    const res = await uploadInto(creator.headers, open.id);
    expect(res.statusCode).toBe(201);
  });
});

describe('creator profiles', () => {
  it("shows name, handle, approved videos' totals, earnings and the three most recent", async () => {
    const db = t.database.db;
    const creator = await createUser(db, {
      role: 'creator',
      username: 'maya_makes',
      displayName: 'Maya Chen',
    });
    const hour = 3_600_000;
    const made = [];
    for (let i = 0; i < 4; i += 1)
      made.push(
        await createVideo(db, {
          creatorId: creator.id,
          status: 'approved',
          publishedAt: new Date(Date.now() - (4 - i) * hour),
          views: 100,
          likes: 10,
        }),
      );
    await createVideo(db, { creatorId: creator.id, status: 'pending', views: 999, likes: 999 });
    const campaign = await createCampaign(db, { payoutPerVideoCents: 12_345 });
    await bookPayout(t, campaign, creator.id);

    const res = await t.app.inject({ url: `/api/profiles/${creator.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The booking made one more approved video (bookPayout's own).
    expect(body).toMatchObject({
      id: creator.id,
      username: 'maya_makes',
      displayName: 'Maya Chen',
      photoUrl: null,
      videoCount: 5,
      totalViews: 400,
      totalLikes: 40,
      earningsCents: 12_345,
    });
    expect(body.recentVideos).toHaveLength(3);
    expect(body.recentVideos[1].id).toBe(made[3]?.id);
  });

  it("keeps a brand's or viewer's account out of public profiles", async () => {
    for (const role of ['brand', 'viewer'] as const) {
      const someone = await createUser(t.database.db, { role });
      const res = await t.app.inject({ url: `/api/profiles/${someone.id}` });
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['6f1c2f9e-8d7a-4c1b-9a55-2c3d4e5f6a7b', 'nobody']) {
      const res = await t.app.inject({ url: `/api/profiles/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Creator not found');
    }
  });

  it('shows the caller their own profile at /profiles/me, and asks a visitor to sign in', async () => {
    const me = await signedInUser(t, 'creator', { displayName: 'Sam' });
    const res = await t.app.inject({ url: '/api/profiles/me', headers: me.headers });
    expect(res.json()).toMatchObject({ id: me.user.id, displayName: 'Sam', videoCount: 0 });
    expect((await t.app.inject({ url: '/api/profiles/me' })).statusCode).toBe(401);
  });
});
