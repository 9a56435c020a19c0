/**
 * The last byte of an upload arrives while the database is out of reach: the creator's whole file is
 * kept (a 503 says so), and the sweep makes it a video once the database answers again, as it does
 * for an upload whose process died at that moment.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { videos } from '../../src/db/schema';
import { UPLOAD_KEPT_MESSAGE } from '../../src/modules/videos/upload.routes';
import { createUploadedVideo } from '../../src/modules/videos/upload.service';
import { recoverFinishedUploads } from '../../src/modules/videos/upload-store';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { uploadFile } from '../support/tus';

vi.mock('../../src/modules/videos/upload.service', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/modules/videos/upload.service')>();
  return { ...actual, createUploadedVideo: vi.fn(actual.createUploadedVideo) };
});

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

describe('an upload finished while the database is down', () => {
  it('keeps the whole file with a 503, and the sweep makes it a video afterwards', async () => {
    const { user: creator, headers } = await signedInUser(t, 'creator');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    vi.mocked(createUploadedVideo).mockRejectedValueOnce(refused);
    const finished = await uploadFile(t.app, headers, fixtures.shortMp4, {
      title: 'Kept ad',
      filename: 'ad.mp4',
      filetype: 'video/mp4',
    });
    expect(finished.statusCode).toBe(503);
    expect(finished.json()).toEqual({
      error: { code: 'unavailable', message: UPLOAD_KEPT_MESSAGE, requestId: expect.any(String) },
    });
    // The bytes and tus's metadata are still there, whole; no video yet.
    const kept = (await readdir(path.join(dataDir, 'uploads'))).sort();
    const id = kept[0] ?? '';
    expect(kept).toEqual([id, `${id}.json`]);
    const bytes = await readFile(fixtures.shortMp4);
    expect((await readFile(path.join(dataDir, 'uploads', id))).equals(bytes)).toBe(true);
    const before = await t.database.db
      .select()
      .from(videos)
      .where(eq(videos.creatorId, creator.id));
    expect(before).toEqual([]);

    // The database is back: the sweep (an hour later in production) registers it, once.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const later = Date.now() + 11 * 60_000;
    const deps = { config, db: t.database.db, log: { warn: () => {} } };
    expect(await recoverFinishedUploads(deps, later)).toBe(1);
    expect(await recoverFinishedUploads(deps, later)).toBe(0);
    const after = await t.database.db.select().from(videos).where(eq(videos.creatorId, creator.id));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ title: 'Kept ad', status: 'processing' });
  });
});
