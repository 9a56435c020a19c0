/** Demo videos on a first start (issue 4 item 7): made once, published, playable, with sound. */
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { seedDemoData } from '../../src/db/seed';
import {
  DEMO_VIDEOS,
  ensureDemoVideos,
  listDemoVideos,
} from '../../src/modules/videos/demo-videos';
import { probe } from '../../src/platform/media/ffmpeg';
import { createStorage, type Storage } from '../../src/platform/storage/storage';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
let storage: Storage;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-demo-'));
  storage = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
});
afterAll(() => database?.dispose());

describe('demo videos', () => {
  it('are distinct 9:16 ads of 8–12 s by demo creators, with captions and https calls to action', () => {
    expect(DEMO_VIDEOS.length).toBeGreaterThanOrEqual(5);
    expect(new Set(DEMO_VIDEOS.map((d) => d.key)).size).toBe(DEMO_VIDEOS.length);
    expect(new Set(DEMO_VIDEOS.map((d) => d.source.split('=')[0])).size).toBe(DEMO_VIDEOS.length);
    expect(new Set(DEMO_VIDEOS.map((d) => d.toneHz)).size).toBe(DEMO_VIDEOS.length);
    for (const demo of DEMO_VIDEOS) {
      expect(demo.source).toMatch(/size=720x1280|scale=720:1280/);
      expect(demo.seconds).toBeGreaterThanOrEqual(8);
      expect(demo.seconds).toBeLessThanOrEqual(12);
      expect(demo.ctaUrl).toMatch(/^https:\/\//);
      expect(demo.caption.length).toBeGreaterThan(0);
    }
  });

  it('does nothing before the demo creators exist', async () => {
    expect(await ensureDemoVideos({ db: database.db, storage })).toBe(0);
  });

  it('are made once as approved, published, playable videos with sound, and never again', async () => {
    await seedDemoData(database.db);
    // One real clip keeps the test short; the other's length is cut to show several are inserted.
    const [first, second] = DEMO_VIDEOS;
    if (!first || !second) throw new Error('no demo videos');
    const demos = [first, { ...second, seconds: 2 }];
    expect(await ensureDemoVideos({ db: database.db, storage, demos })).toBe(2);

    const rows = await listDemoVideos(database.db);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const demo = demos.find((d) => d.title === row.title);
      expect(row).toMatchObject({
        status: 'approved',
        publishedAt: expect.any(Date),
        ctaUrl: expect.stringMatching(/^https:\/\//),
        caption: expect.any(String),
      });
      const file = path.join(dataDir, 'media', (row.fileUrl ?? '').replace(/^\/media\//, ''));
      const probed = await probe(file, 'mov');
      expect(probed).toMatchObject({ hasVideo: true, hasAudio: true, width: 720, height: 1280 });
      expect(probed.durationSec).toBeCloseTo(demo?.seconds ?? 0, 0);
      const poster = path.join(dataDir, 'media', (row.thumbUrl ?? '').replace(/^\/media\//, ''));
      expect((await stat(poster)).size).toBeGreaterThan(0);
    }

    // A restart: they exist, so nothing is made or inserted.
    expect(await ensureDemoVideos({ db: database.db, storage })).toBe(0);
    expect(await listDemoVideos(database.db)).toHaveLength(2);
  }, 180_000);
});
