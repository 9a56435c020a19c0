/**
 * The S3 driver against an S3-compatible server started here (s3rver): an upload is processed into
 * the bucket, served through /media/ with Range, its content type and immutable caching, and its
 * media leaves the bucket when the video is rejected (issue 4, decision 011).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config';
import { videos } from '../../src/db/schema';
import { purgeRejectedMedia } from '../../src/modules/videos/video-media';
import { runMaintenance } from '../../src/platform/maintenance';
import { keyFromUrl } from '../../src/platform/storage/keys';
import { createS3Client } from '../../src/platform/storage/s3-storage';
import { createStorage } from '../../src/platform/storage/storage';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { createTestApp, type TestApp } from '../support/app';
import { asRole, signedInUser } from '../support/auth';
import { uploadFile } from '../support/tus';

const BUCKET = 'adreel-media';

let s3: S3rver;
let s3Port: number;

/** s3rver on `port` (0: any), keeping its objects in s3Dir across restarts. */
async function startS3(port: number) {
  s3 = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  return s3.run();
}
let s3Dir: string;
let endpoint: string;
let client: S3Client;
let t: TestApp;
let dataDir: string;
let fixtures: VideoFixtures;
let config: Config;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'adreel-s3rver-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-data-'));
  const address = await startS3(0);
  s3Port = address.port;
  endpoint = `http://127.0.0.1:${s3Port}`;
  const env = {
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    // s3rver's fixed development credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  config = loadConfig({ NODE_ENV: 'test', ...env });
  if (config.storage.driver !== 's3') throw new Error('expected the S3 driver');
  expect(config.storage.forcePathStyle).toBe(true);
  client = createS3Client(config.storage);
  [fixtures, t] = await Promise.all([makeVideoFixtures(), createTestApp(env)]);
}, 120_000);

afterAll(async () => {
  await t?.close();
  client?.destroy();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

async function bucketKeys(prefix = ''): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map(({ Key }) => Key ?? '').sort();
}

const sha256Prefix = (bytes: Buffer) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 32);

describe('S3-compatible storage', () => {
  it('processes an upload into the bucket and serves it with Range, type and long caching', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const uploaded = await uploadFile(t.app, headers, fixtures.shortMp4, { title: 'On S3' });
    expect(uploaded.statusCode).toBe(201);
    const { video } = uploaded.json();
    // Until processed, the original stays on the local disk (tus), never in the bucket.
    expect(await readdir(path.join(dataDir, 'uploads'))).not.toEqual([]);
    expect(await bucketKeys()).toEqual([]);

    expect(await t.app.videoWorker.drain()).toBe(1);
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.status).toBe('pending');
    const videoKey = keyFromUrl(row?.fileUrl);
    const posterKey = keyFromUrl(row?.thumbUrl);
    expect(videoKey).toMatch(new RegExp(`^videos/${video.id}/[0-9a-f]{32}\\.mp4$`));
    expect(posterKey).toMatch(new RegExp(`^videos/${video.id}/[0-9a-f]{32}\\.webp$`));
    expect(await bucketKeys()).toEqual([videoKey, posterKey].sort());
    // Nothing of it on the local disk: the original is gone, renditions live in the bucket.
    expect(await readdir(path.join(dataDir, 'uploads'))).toEqual([]);
    expect(await readdir(dataDir)).not.toContain('media');

    const whole = await t.app.inject({ method: 'GET', url: row?.fileUrl ?? '' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    expect(videoKey).toContain(sha256Prefix(whole.rawPayload));
    const bytes = whole.rawPayload;
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const ranged = await t.app.inject({
      method: 'GET',
      url: row?.fileUrl ?? '',
      headers: { range: 'bytes=100-199' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(ranged.headers['content-length']).toBe('100');
    expect(ranged.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const open = await t.app.inject({
      method: 'GET',
      url: row?.fileUrl ?? '',
      headers: { range: `bytes=${bytes.length - 5}-` },
    });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 5))).toBe(true);

    const beyond = await t.app.inject({
      method: 'GET',
      url: row?.fileUrl ?? '',
      headers: { range: `bytes=${bytes.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);

    const poster = await t.app.inject({ method: 'GET', url: row?.thumbUrl ?? '' });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(poster.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(poster.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    // A bucket or CDN serving the objects directly answers the same way.
    const direct = await fetch(`${endpoint}/${BUCKET}/${videoKey}`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(direct.status).toBe(206);
    expect(direct.headers.get('content-type')).toBe('video/mp4');
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await direct.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/media/videos/${video.id}/${'0'.repeat(32)}.mp4`,
    });
    expect(missing.statusCode).toBe(404);

    // Rejected: its media leaves the bucket and its URLs stop answering.
    const admin = await asRole(t, 'admin');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${video.id}/reject`,
      headers: admin,
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().video).toMatchObject({
      status: 'rejected',
      fileUrl: null,
      thumbUrl: null,
    });
    expect(await bucketKeys(`videos/${video.id}/`)).toEqual([]);
    for (const url of [row?.fileUrl, row?.thumbUrl]) {
      const gone = await t.app.inject({ method: 'GET', url: url ?? '' });
      expect(gone.statusCode).toBe(404);
    }
  });

  it('keeps a rejected video’s URLs while the bucket is down, and maintenance deletes its media later', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const uploaded = await uploadFile(t.app, headers, fixtures.shortMp4, {
      title: 'Storage outage',
    });
    const { video } = uploaded.json();
    await t.app.videoWorker.drain();
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.status).toBe('pending');

    await s3.close();
    const admin = await asRole(t, 'admin');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${video.id}/reject`,
      headers: admin,
    });
    // The rejection stands; the files could not go yet, so the row still names them.
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().video).toMatchObject({
      status: 'rejected',
      fileUrl: row?.fileUrl,
      thumbUrl: row?.thumbUrl,
    });

    await startS3(s3Port);
    expect(await bucketKeys(`videos/${video.id}/`)).toHaveLength(2);
    await runMaintenance(t.database.db, t.app.log, [
      {
        name: 'media of rejected videos',
        run: () => purgeRejectedMedia(t.database.db, createStorage(config)),
      },
    ]);
    expect(await bucketKeys(`videos/${video.id}/`)).toEqual([]);
    const [after] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(after).toMatchObject({ status: 'rejected', fileUrl: null, thumbUrl: null });
    expect((await t.app.inject({ method: 'GET', url: row?.fileUrl ?? '' })).statusCode).toBe(404);
  }, 60_000);
});
