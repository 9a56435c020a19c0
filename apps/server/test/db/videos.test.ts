import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { CHECK_VIOLATION, refusal } from '../support/errors';
import { createUser, createVideo } from '../support/factories';

let database: TestDatabase;
let creatorId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  creatorId = (await createUser(database.db, { role: 'creator' })).id;
});
afterAll(() => database.dispose());

describe('videos', () => {
  it('start as processing, with zero counts, unfeatured and unpublished', async () => {
    const [video] = await database.db
      .insert(videos)
      .values({ creatorId, title: 'Fresh' })
      .returning();
    expect(video).toMatchObject({
      status: 'processing',
      views: 0,
      likes: 0,
      shares: 0,
      clicks: 0,
      vt50Count: 0,
      vt90Count: 0,
      watchTimeAvg: 0,
      decayedScore: 0,
      featured: false,
      publishedAt: null,
    });
  });

  it('refuses a status outside processing, failed, pending, approved and rejected', async () => {
    const statement = sql`insert into videos (creator_id, title, status, file_url)
      values (${creatorId}, 'Odd', 'published', '/media/x.mp4')`;
    expect(await refusal(database.db.execute(statement))).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: 'videos_status_known',
    });
  });

  it('accepts only http and https call-to-action links', async () => {
    for (const ctaUrl of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com',
      '//example.com',
    ]) {
      expect(await refusal(createVideo(database.db, { creatorId, ctaUrl }))).toMatchObject({
        constraint: 'videos_cta_url_http',
      });
    }
    for (const ctaUrl of ['https://example.com/shop', 'http://example.com', null]) {
      await createVideo(database.db, { creatorId, ctaUrl });
    }
  });

  it('refuses a duration of zero or over 30 seconds', async () => {
    for (const durationSec of [0, -1, 30.5]) {
      expect(await refusal(createVideo(database.db, { creatorId, durationSec }))).toMatchObject({
        constraint: 'videos_duration_range',
      });
    }
    const longest = await createVideo(database.db, { creatorId, durationSec: 30 });
    expect(longest.durationSec).toBe(30);
  });

  it('never lets a count go below zero', async () => {
    const video = await createVideo(database.db, { creatorId });
    const unlike = database.db
      .update(videos)
      .set({ likes: sql`${videos.likes} - 1` })
      .where(eq(videos.id, video.id));
    expect(await refusal(unlike)).toMatchObject({ constraint: 'videos_counters_non_negative' });
  });

  it('keeps the average watch time a fraction between 0 and 1', async () => {
    expect(await refusal(createVideo(database.db, { creatorId, watchTimeAvg: 1.2 }))).toMatchObject(
      {
        constraint: 'videos_watch_time_avg_fraction',
      },
    );
  });

  it('requires a file once processing is over', async () => {
    await createVideo(database.db, { creatorId, status: 'failed', fileUrl: null });
    expect(await refusal(createVideo(database.db, { creatorId, fileUrl: null }))).toMatchObject({
      constraint: 'videos_file_after_processing',
    });
  });

  it('requires a publication time for an approved video', async () => {
    const approved = createVideo(database.db, { creatorId, status: 'approved', publishedAt: null });
    expect(await refusal(approved)).toMatchObject({ constraint: 'videos_approved_published' });
  });

  it('features only approved videos', async () => {
    const pending = await createVideo(database.db, { creatorId });
    const feature = database.db
      .update(videos)
      .set({ featured: true })
      .where(eq(videos.id, pending.id));
    expect(await refusal(feature)).toMatchObject({ constraint: 'videos_featured_approved' });

    const approved = await createVideo(database.db, { creatorId, status: 'approved' });
    await database.db.update(videos).set({ featured: true }).where(eq(videos.id, approved.id));
  });
});
