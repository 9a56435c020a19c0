/**
 * Issue 18: after a brand turns an entry down, My Videos (GET /api/creator/videos) and Earnings'
 * campaign entries (GET /api/creator/submissions) must say the same thing. The video stays pending
 * (SPEC.md §4: only the admin rejects a video); each video carries its entry's status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { createCampaign, createVideo } from '../support/factories';
import { submitEntry } from './campaigns.support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/creator/videos after a brand decides', () => {
  it("carries each video's campaign entry status, rejected_by_brand once turned down", async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await signedInUser(t, 'creator');
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id });
    const turnedDown = await submitEntry(t, campaign, creator.user.id, { status: 'pending' });
    const waiting = await submitEntry(t, campaign, creator.user.id, { status: 'pending' });
    const own = await createVideo(t.database.db, { creatorId: creator.user.id, status: 'pending' });
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/brand/submissions/${turnedDown.submission.id}/reject`,
      headers: brand.headers,
      payload: {},
    });
    expect(rejected.statusCode).toBe(200);

    const res = await t.app.inject({ url: '/api/creator/videos', headers: creator.headers });
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      (res.json().videos as { id: string; status: string; submissionStatus: string | null }[]).map(
        (video) => [video.id, video],
      ),
    );
    expect(byId.get(turnedDown.video.id)).toMatchObject({
      status: 'pending',
      campaignTitle: campaign.title,
      submissionStatus: 'rejected_by_brand',
    });
    expect(byId.get(waiting.video.id)).toMatchObject({ submissionStatus: 'submitted' });
    expect(byId.get(own.id)).toMatchObject({ campaignTitle: null, submissionStatus: null });

    // Earnings' entries say the same of the same video.
    const entries = await t.app.inject({
      url: '/api/creator/submissions',
      headers: creator.headers,
    });
    expect(
      entries.json().submissions.find((s: { id: string }) => s.id === turnedDown.submission.id)
        ?.status,
    ).toBe('rejected_by_brand');
  });
});
