import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, reports, users, videos, viewEvents } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';
import {
  CHECK_VIOLATION,
  FOREIGN_KEY_VIOLATION,
  refusal,
  UNIQUE_VIOLATION,
} from '../support/errors';
import { createUser, createVideo } from '../support/factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('likes', () => {
  it('allows one like per user and video', async () => {
    const [viewer, video] = [await createUser(database.db), await createVideo(database.db)];
    await database.db.insert(likes).values({ userId: viewer.id, videoId: video.id });
    const again = database.db.insert(likes).values({ userId: viewer.id, videoId: video.id });
    expect(await refusal(again)).toMatchObject({ code: UNIQUE_VIOLATION, constraint: 'likes_pk' });

    const other = await createUser(database.db);
    await database.db.insert(likes).values({ userId: other.id, videoId: video.id });
  });

  it('refuses a like of a video that does not exist', async () => {
    const viewer = await createUser(database.db);
    const like = database.db
      .insert(likes)
      .values({ userId: viewer.id, videoId: '00000000-0000-4000-8000-000000000000' });
    expect(await refusal(like)).toMatchObject({ code: FOREIGN_KEY_VIOLATION });
  });

  it('go with the video when it is deleted', async () => {
    const [viewer, video] = [await createUser(database.db), await createVideo(database.db)];
    await database.db.insert(likes).values({ userId: viewer.id, videoId: video.id });
    await database.db.delete(videos).where(sql`${videos.id} = ${video.id}`);
    expect(await database.db.$count(likes, sql`${likes.videoId} = ${video.id}`)).toBe(0);
  });
});

describe('reports', () => {
  it('need a reason that is not blank and at most 500 characters', async () => {
    const [reporter, video] = [await createUser(database.db), await createVideo(database.db)];
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      const report = database.db
        .insert(reports)
        .values({ videoId: video.id, reporterId: reporter.id, reason });
      expect(await refusal(report)).toMatchObject({
        code: CHECK_VIOLATION,
        constraint: 'reports_reason_length',
      });
    }
    const [report] = await database.db
      .insert(reports)
      .values({ videoId: video.id, reporterId: reporter.id, reason: 'x'.repeat(500) })
      .returning();
    expect(report?.status).toBe('open');
  });
});

describe('view events', () => {
  it('keep the furthest fraction watched between 0 and 1', async () => {
    const video = await createVideo(database.db);
    const event = database.db
      .insert(viewEvents)
      .values({ videoId: video.id, viewerKey: 'device-1', furthestFraction: 1.5 });
    expect(await refusal(event)).toMatchObject({ constraint: 'view_events_furthest_fraction' });
  });

  it('outlive the account of the viewer who made them', async () => {
    const [viewer, video] = [await createUser(database.db), await createVideo(database.db)];
    await database.db.insert(viewEvents).values({
      videoId: video.id,
      viewerKey: viewer.id,
      userId: viewer.id,
      furthestFraction: 0.6,
    });
    await database.db.delete(users).where(sql`${users.id} = ${viewer.id}`);
    const rows = await database.db
      .select()
      .from(viewEvents)
      .where(sql`${viewEvents.videoId} = ${video.id}`);
    expect(rows).toMatchObject([{ userId: null, viewerKey: viewer.id }]);
  });
});
