/**
 * Every change to what the feed shows clears the signed-out feed cache, whoever makes it (issue 15:
 * the videos service owns the video lifecycle and clears the cache in one place). Before, only the
 * admin's approval did; a brand's approval left the cached page without the video for the TTL.
 */
import type { FeedPage } from '@adreel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { createCampaign, createVideo } from '../support/factories';
import { submitEntry } from './campaigns.support';

let t: TestApp;
beforeAll(async () => {
  // A long TTL: without a clear, a cached page would outlive the whole test.
  t = await createTestApp({ FEED_CACHE_MS: '60000' });
});
afterAll(async () => {
  await t?.close();
});

async function signedOutFeed(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/feed' });
  expect(res.statusCode).toBe(200);
  return (res.json() as FeedPage).videos.map((v) => v.id);
}

describe('the signed-out feed cache and a brand’s approval', () => {
  it('shows a video the brand approved to signed-out viewers at once', async () => {
    const db = t.database.db;
    const live = await createVideo(db, { status: 'approved' });
    const brand = await signedInUser(t, 'brand');
    const campaign = await createCampaign(db, { brandId: brand.user.id });
    const creator = await signedInUser(t, 'creator');
    const { video, submission } = await submitEntry(t, campaign, creator.user.id);

    expect(await signedOutFeed()).toEqual([live.id]);

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${submission.id}/approve`,
      headers: brand.headers,
    });
    expect(approve.statusCode).toBe(200);

    expect((await signedOutFeed()).sort()).toEqual([live.id, video.id].sort());
  });
});
