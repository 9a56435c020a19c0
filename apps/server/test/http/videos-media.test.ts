/**
 * What happens to media after processing (issue 4): a rejected video's files stop being reachable,
 * retried by maintenance when storage failed; a retried job leaves no file of the attempt before;
 * and the housekeeping of old jobs and unfinished uploads.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { jobs, videos } from '../../src/db/schema';
import {
  recoverFinishedUploads,
  sweepUnfinishedUploads,
} from '../../src/modules/videos/upload-store';
import { purgeRejectedMedia } from '../../src/modules/videos/video-media';
import {
  claimJob,
  createWorker,
  enqueueJob,
  pruneFinishedJobs,
} from '../../src/platform/jobs/queue';
import { runMaintenance } from '../../src/platform/maintenance';
import { createStorage } from '../../src/platform/storage/storage';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { createTestApp, type TestApp } from '../support/app';
import { asRole, signedInUser } from '../support/auth';
import { createVideo } from '../support/factories';
import { encodeMetadata, TUS, uploadFile } from '../support/tus';

let t: TestApp;
let fixtures: VideoFixtures;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-data-'));
  [fixtures, t] = await Promise.all([makeVideoFixtures(), createTestApp({ DATA_DIR: dataDir })]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const mediaDir = () => path.join(dataDir, 'media');
const storage = () => createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));

/** Uploads and processes a clip; the pending video's row. */
async function processedVideo(title: string) {
  const { headers } = await signedInUser(t, 'creator');
  const response = await uploadFile(t.app, headers, fixtures.shortMp4, { title });
  expect(response.statusCode).toBe(201);
  const { video } = response.json();
  await t.app.videoWorker.drain();
  const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
  expect(row?.status).toBe('pending');
  return { row: row as NonNullable<typeof row>, headers };
}

describe('media of a rejected video', () => {
  it('is deleted on rejection, so its URLs answer 404, while an approved one stays served', async () => {
    const admin = await asRole(t, 'admin');
    const { row: kept } = await processedVideo('Approved one');
    const { row: doomed, headers } = await processedVideo('Rejected one');
    for (const url of [doomed.fileUrl, doomed.thumbUrl]) {
      expect((await t.app.inject({ method: 'GET', url: url ?? '' })).statusCode).toBe(200);
    }

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${kept.id}/approve`,
      headers: admin,
    });
    expect(approve.statusCode).toBe(200);
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${doomed.id}/reject`,
      headers: admin,
    });
    expect(reject.statusCode).toBe(200);
    expect(reject.json().video).toMatchObject({
      status: 'rejected',
      fileUrl: null,
      thumbUrl: null,
    });

    for (const url of [doomed.fileUrl, doomed.thumbUrl]) {
      const gone = await t.app.inject({ method: 'GET', url: url ?? '' });
      expect(gone.statusCode).toBe(404);
      const ranged = await t.app.inject({
        method: 'GET',
        url: url ?? '',
        headers: { range: 'bytes=0-9' },
      });
      expect(ranged.statusCode).toBe(404);
    }
    expect(await readdir(path.join(mediaDir(), 'videos'))).not.toContain(doomed.id);
    // The creator still sees it, as rejected and without a poster.
    const mine = await t.app.inject({ method: 'GET', url: '/api/creator/videos', headers });
    expect(mine.json().videos[0]).toMatchObject({
      id: doomed.id,
      status: 'rejected',
      thumbUrl: null,
    });

    const approved = await t.app.inject({ method: 'GET', url: kept.fileUrl ?? '' });
    expect(approved.statusCode).toBe(200);
  });

  it('is deleted by maintenance when storage failed at rejection time', async () => {
    // A rejected video whose files outlived its rejection (storage was down), with fixed keys
    // as demo videos have.
    const store = storage();
    const file = path.join(dataDir, 'left-over.jpg');
    await writeFile(file, 'not really a jpeg');
    await store.putFile('videos/left-over.mp4', file);
    await store.putFile('posters/left-over.jpg', file);
    const video = await createVideo(t.database.db, {
      status: 'rejected',
      fileUrl: '/media/videos/left-over.mp4',
      thumbUrl: '/media/posters/left-over.jpg',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/videos/left-over.mp4' })).statusCode,
    ).toBe(200);

    await runMaintenance(t.database.db, t.app.log, [
      { name: 'media of rejected videos', run: () => purgeRejectedMedia(t.database.db, store) },
    ]);

    for (const url of ['/media/videos/left-over.mp4', '/media/posters/left-over.jpg']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({ status: 'rejected', fileUrl: null, thumbUrl: null });
    expect(await purgeRejectedMedia(t.database.db, store)).toBe(0);
  });
});

describe('a retried processing job', () => {
  it('clears what the dead attempt left and keeps exactly one rendition and poster', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const response = await uploadFile(t.app, headers, fixtures.shortMp4, { title: 'Retried' });
    const { video } = response.json();
    // An attempt that died mid-way: it held the job and wrote part of a rendition and a staging file.
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'videoId' = ${video.id}`);
    const claimed = await claimJob(t.database.db, job?.queue ?? '', 60_000);
    expect(claimed?.id).toBe(job?.id);
    const leftovers = path.join(mediaDir(), 'videos', video.id);
    await mkdir(leftovers, { recursive: true });
    await writeFile(path.join(leftovers, 'abc.mp4.part-1-2'), 'half');
    await mkdir(path.join(dataDir, 'processing', video.id), { recursive: true });
    await writeFile(path.join(dataDir, 'processing', video.id, 'out.mp4'), 'half');
    await t.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job?.id ?? ''));

    expect(await t.app.videoWorker.drain()).toBe(1);
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.status).toBe('pending');
    const files = (await readdir(leftovers)).sort();
    expect(files).toHaveLength(2);
    expect(files.map((name) => path.extname(name)).sort()).toEqual(['.mp4', '.webp']);
    expect(row?.fileUrl).toBe(`/media/videos/${video.id}/${files.find((f) => f.endsWith('.mp4'))}`);
    expect(await readdir(path.join(dataDir, 'processing'))).not.toContain(video.id);
    const [done] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, job?.id ?? ''));
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('job queue housekeeping', () => {
  it('keeps a live worker’s job: its lease is renewed while the work takes longer than the lease', async () => {
    const db = t.database.db;
    const queue = `test.${crypto.randomUUID()}`;
    await enqueueJob(db, queue, {});
    let release = () => {};
    const started = new Promise<void>((resolve) => {
      const worker = createWorker({
        db,
        queue,
        log: t.app.log,
        leaseMs: 1_000,
        handler: {
          run: () =>
            new Promise<void>((done) => {
              release = done;
              resolve();
            }),
        },
      });
      void worker.drain();
    });
    await started;
    // Three leases later, a second worker still finds nothing to take over.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await claimJob(db, queue, 1_000)).toBeNull();
    release();
    await expect
      .poll(async () => (await db.select().from(jobs).where(eq(jobs.queue, queue)))[0]?.state)
      .toBe('done');
  });

  it('deletes done jobs after a week and failed ones after a month, never queued or running ones', async () => {
    const db = t.database.db;
    const queue = `test.${crypto.randomUUID()}`;
    const ago = (days: number) => sql`now() - ${`${days} days`}::interval`;
    const rows = await db
      .insert(jobs)
      .values([
        { queue, payload: { n: 'old done' }, state: 'done', finishedAt: ago(8) },
        { queue, payload: { n: 'new done' }, state: 'done', finishedAt: ago(6) },
        { queue, payload: { n: 'old failed' }, state: 'failed', finishedAt: ago(31) },
        { queue, payload: { n: 'recent failed' }, state: 'failed', finishedAt: ago(8) },
        { queue, payload: { n: 'queued' }, state: 'queued', createdAt: ago(60) },
      ])
      .returning();
    expect(rows).toHaveLength(5);
    await pruneFinishedJobs(db);
    const left = await db.select().from(jobs).where(eq(jobs.queue, queue));
    expect(left.map((job) => job.payload.n).sort()).toEqual([
      'new done',
      'queued',
      'recent failed',
    ]);
    // Maintenance runs it too.
    await db
      .update(jobs)
      .set({ finishedAt: ago(9) })
      .where(
        inArray(
          jobs.id,
          left.filter((job) => job.state === 'done').map((job) => job.id),
        ),
      );
    await runMaintenance(db, t.app.log);
    const after = await db.select().from(jobs).where(eq(jobs.queue, queue));
    expect(after.map((job) => job.payload.n).sort()).toEqual(['queued', 'recent failed']);
  });
});

describe('a complete upload whose process died before registering it', () => {
  it('gets its video (processed as usual) from the hourly recovery, once; a refused one is deleted', async () => {
    const { user, headers } = await signedInUser(t, 'creator');
    /** An upload whose bytes all arrived 11 minutes ago, with no request left to finish it. */
    const orphan = async (file: string, title: string) => {
      const bytes = await readFile(file);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...headers,
          ...TUS,
          'upload-length': String(bytes.length),
          'upload-metadata': encodeMetadata({ title }),
        },
      });
      const id = path.basename(created.headers.location as string);
      const stored = path.join(dataDir, 'uploads', id);
      await writeFile(stored, bytes);
      const then = new Date(Date.now() - 11 * 60_000);
      await utimes(stored, then, then);
      return id;
    };
    const good = await orphan(fixtures.shortMp4, 'Finished as the server died');
    const bad = await orphan(fixtures.textAsMp4, 'Not a video');
    // One whose last byte came just now may still be finishing: left alone.
    const bytes = await readFile(fixtures.shortMp4);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers,
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': encodeMetadata({ title: 'Just finished' }),
      },
    });
    const freshId = path.basename(fresh.headers.location as string);
    await writeFile(path.join(dataDir, 'uploads', freshId), bytes);

    const recovery = { config: { dataDir }, db: t.database.db, log: t.app.log };
    const [first, second] = await Promise.all([
      recoverFinishedUploads(recovery),
      recoverFinishedUploads(recovery),
    ]);
    expect(first + second).toBe(1);

    const left = await readdir(path.join(dataDir, 'uploads'));
    expect(left.filter((name) => name.startsWith(bad))).toEqual([]);
    expect(left).toContain(freshId);
    const mine = await t.database.db.select().from(videos).where(eq(videos.creatorId, user.id));
    expect(mine).toEqual([
      expect.objectContaining({ title: 'Finished as the server died', status: 'processing' }),
    ]);
    await t.app.videoWorker.drain();
    const [processed] = await t.database.db
      .select()
      .from(videos)
      .where(eq(videos.id, mine[0]?.id ?? ''));
    expect(processed?.status).toBe('pending');
    expect(
      (await readdir(path.join(dataDir, 'uploads'))).filter((n) => n.startsWith(good)),
    ).toEqual([]);
    expect(await recoverFinishedUploads(recovery)).toBe(0);
    await rm(path.join(dataDir, 'uploads', freshId));
    await rm(path.join(dataDir, 'uploads', `${freshId}.json`));
  });
});

describe('unfinished uploads', () => {
  it('are deleted a day after they started, bytes and metadata; younger ones are kept', async () => {
    const headers = await asRole(t, 'creator');
    const start = async (title: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...headers,
          ...TUS,
          'upload-length': '1000',
          'upload-metadata': encodeMetadata({ title }),
        },
      });
      expect(created.statusCode).toBe(201);
      const location = created.headers.location as string;
      await t.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...headers,
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: Buffer.alloc(400),
      });
      return { location, id: path.basename(location) };
    };
    const old = await start('Abandoned');
    const young = await start('Still coming');
    // The abandoned one started 25 hours ago.
    const info = path.join(dataDir, 'uploads', `${old.id}.json`);
    const metadata = JSON.parse(await readFile(info, 'utf8'));
    metadata.creation_date = new Date(Date.now() - 25 * 60 * 60_000).toISOString();
    await writeFile(info, JSON.stringify(metadata));

    expect(await sweepUnfinishedUploads({ dataDir })).toBe(1);

    const left = await readdir(path.join(dataDir, 'uploads'));
    expect(left.filter((name) => name.startsWith(old.id))).toEqual([]);
    expect(left.filter((name) => name.startsWith(young.id)).sort()).toEqual([
      young.id,
      `${young.id}.json`,
    ]);
    const head = (location: string) =>
      t.app.inject({ method: 'HEAD', url: location, headers: { ...headers, ...TUS } });
    expect((await head(old.location)).statusCode).toBe(404);
    expect((await head(young.location)).headers['upload-offset']).toBe('400');
    await t.app.inject({ method: 'DELETE', url: young.location, headers: { ...headers, ...TUS } });
  });
});
