/**
 * Failed and stuck processing jobs for admins (issue 17 item 5): a video whose processing failed for
 * good keeps its original and shows in GET /api/admin/jobs with its reason; Retry queues it again,
 * it is processed, and the retry is audited. Only failed or stuck jobs may be retried; admins only.
 */
import { copyFile, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_TEXTS } from '@adreel/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { auditLog, jobs, users, videos } from '../../src/db/schema';
import { removeStaleFailedOriginals } from '../../src/modules/videos/processing-jobs.service';
import { PROCESS_VIDEO_QUEUE } from '../../src/modules/videos/upload.service';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, asRole, signedInUser } from '../support/auth';
import { uploadFile } from '../support/tus';

let t: TestApp;
let fixtures: VideoFixtures;
let dataDir: string;
let admin: AuthHeaders;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-data-'));
  [fixtures, t] = await Promise.all([makeVideoFixtures(), createTestApp({ DATA_DIR: dataDir })]);
  admin = await asRole(t, 'admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The uploaded originals' bytes (not tus's .json metadata). */
async function originals(): Promise<string[]> {
  const names = await readdir(path.join(dataDir, 'uploads')).catch(() => []);
  return names
    .filter((name) => !name.endsWith('.json'))
    .map((n) => path.join(dataDir, 'uploads', n));
}

async function jobOf(videoId: string) {
  const [job] = await t.database.db
    .select()
    .from(jobs)
    // The processing job (the ladder job of issue 20 names the video too).
    .where(and(eq(jobs.queue, PROCESS_VIDEO_QUEUE), sql`${jobs.payload}->>'videoId' = ${videoId}`));
  if (!job) throw new Error('no job');
  return job;
}

const retry = (id: string, headers: AuthHeaders = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers });

describe('admin jobs', () => {
  it('lists a failed processing job with its reason; Retry processes it again, audited', async () => {
    const { user, headers } = await signedInUser(t, 'creator');
    const response = await uploadFile(t.app, headers, fixtures.shortMp4, {
      title: 'Broken on disk',
      filename: 'ad.mp4',
      filetype: 'video/mp4',
    });
    expect(response.statusCode).toBe(201);
    const { video } = response.json() as { video: { id: string } };
    // The injected failure: the original's bytes are no video any more (a disk fault).
    const [original] = await originals();
    if (!original) throw new Error('no original');
    await writeFile(original, 'not a video at all');
    await t.app.videoWorker.drain();

    const job = await jobOf(video.id);
    expect(job).toMatchObject({ state: 'failed' });
    // Kept for a retry.
    expect(await originals()).toEqual([original]);

    const list = await t.app.inject({ url: '/api/admin/jobs', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().jobs).toContainEqual({
      id: job.id,
      state: 'failed',
      videoId: video.id,
      videoTitle: 'Broken on disk',
      creator: user.displayName,
      reason: 'Not a video container',
      attempts: 1,
      maxAttempts: job.maxAttempts,
      at: job.finishedAt?.toISOString(),
    });

    // The disk is mended; the admin retries.
    await copyFile(fixtures.shortMp4, original);
    const retried = await retry(job.id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ message: JOB_TEXTS.retried, jobId: job.id });
    await t.app.videoWorker.drain();

    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({ status: 'pending', failureReason: null });
    expect(await jobOf(video.id)).toMatchObject({ state: 'done' });
    expect(await originals()).toEqual([]);
    const after = await t.app.inject({ url: '/api/admin/jobs', headers: admin });
    expect(after.json().jobs.map((j: { id: string }) => j.id)).not.toContain(job.id);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.targetId, video.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorRole: 'admin',
      targetType: 'video',
      details: { jobId: job.id, state: 'failed', lastError: 'Not a video container' },
    });

    // Done now: a second retry is refused, and writes no audit.
    const again = await retry(job.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ message: JOB_TEXTS.notRetryable });
  }, 120_000);

  it('lists a stuck job (running, lease over) and refuses to retry a healthy one', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const response = await uploadFile(t.app, headers, fixtures.shortMp4, {
      title: 'Waiting',
      filename: 'ad.mp4',
      filetype: 'video/mp4',
    });
    const { video } = response.json() as { video: { id: string } };
    const job = await jobOf(video.id);
    // Queued and due: healthy, not listed, not retried.
    const refused = await retry(job.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'job_not_retryable',
      message: JOB_TEXTS.notRetryable,
    });
    let list = await t.app.inject({ url: '/api/admin/jobs', headers: admin });
    expect(list.json().jobs.map((j: { id: string }) => j.id)).not.toContain(job.id);

    // Its worker died holding the last attempt: running, lease over.
    await t.database.db
      .update(jobs)
      .set({
        state: 'running',
        attempts: job.maxAttempts,
        lockedUntil: sql`now() - interval '1 hour'`,
      })
      .where(eq(jobs.id, job.id));
    list = await t.app.inject({ url: '/api/admin/jobs', headers: admin });
    expect(list.json().jobs).toContainEqual(
      expect.objectContaining({ id: job.id, state: 'stuck', videoTitle: 'Waiting' }),
    );
    expect((await retry(job.id)).statusCode).toBe(200);
    await t.app.videoWorker.drain();
    expect(await jobOf(video.id)).toMatchObject({ state: 'done' });
  }, 120_000);

  it('drops a kept original a day before its failed job is pruned', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const response = await uploadFile(t.app, headers, fixtures.shortMp4, {
      title: 'Long failed',
      filename: 'ad.mp4',
      filetype: 'video/mp4',
    });
    const { video } = response.json() as { video: { id: string } };
    const [original] = await originals();
    if (!original) throw new Error('no original');
    await writeFile(original, 'not a video at all');
    await t.app.videoWorker.drain();
    const job = await jobOf(video.id);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    // Failed 28 days ago: kept for a retry.
    const ago = (days: number) => sql`now() - ${`${days} days`}::interval`;
    await t.database.db
      .update(jobs)
      .set({ finishedAt: ago(28) })
      .where(eq(jobs.id, job.id));
    expect(await removeStaleFailedOriginals(t.database.db, config)).toBe(0);
    expect(await originals()).toEqual([original]);
    await t.database.db
      .update(jobs)
      .set({ finishedAt: ago(29.5) })
      .where(eq(jobs.id, job.id));
    expect(await removeStaleFailedOriginals(t.database.db, config)).toBe(1);
    expect(await originals()).toEqual([]);
    const refused = await retry(job.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ message: JOB_TEXTS.originalGone });
  }, 120_000);

  it("drops at the next run the original of a deleted creator's or a deleted video's failed job", async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const failedUpload = async (title: string) => {
      const { user, headers } = await signedInUser(t, 'creator');
      const before = new Set(await originals());
      const response = await uploadFile(t.app, headers, fixtures.shortMp4, {
        title,
        filename: 'ad.mp4',
        filetype: 'video/mp4',
      });
      const { video } = response.json() as { video: { id: string } };
      const original = (await originals()).find((name) => !before.has(name));
      if (!original) throw new Error('no original');
      await writeFile(original, 'not a video at all');
      await t.app.videoWorker.drain();
      expect(await jobOf(video.id)).toMatchObject({ state: 'failed' });
      return { user, video, original };
    };
    const closed = await failedUpload('Creator left');
    const gone = await failedUpload('Video deleted');
    const kept = await failedUpload('Still retryable');
    expect(await removeStaleFailedOriginals(t.database.db, config)).toBe(0);

    // The account deletion leaves a failed video failed and closes the account (users.deleted_at).
    await t.database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, closed.user.id));
    await t.database.db.delete(videos).where(eq(videos.id, gone.video.id));
    expect(await removeStaleFailedOriginals(t.database.db, config)).toBe(2);
    const left = await originals();
    expect(left).toContain(kept.original);
    expect(left).not.toContain(closed.original);
    expect(left).not.toContain(gone.original);
    const refused = await retry((await jobOf(closed.video.id)).id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ message: JOB_TEXTS.originalGone });
  }, 120_000);

  it('is for admins only', async () => {
    const creator = await asRole(t, 'creator');
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: '/api/admin/jobs', headers: creator })).statusCode).toBe(403);
    expect((await retry(id, creator)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/jobs' })).statusCode).toBe(401);
  });
});
