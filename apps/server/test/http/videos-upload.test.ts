/**
 * Upload over tus, the file checks, processing by the worker and media with Range (issue 4).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, submissions, videos } from '../../src/db/schema';
import { PROCESS_VIDEO_QUEUE } from '../../src/modules/videos/upload.service';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, asRole, signedInUser } from '../support/auth';
import { createCampaign } from '../support/factories';

const sha256Prefix = (bytes: Buffer) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 32);

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

const TUS = { 'tus-resumable': '1.0.0' };

function encodeMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** Creates an upload and sends the whole file in one PATCH; returns the final PATCH's answer. */
async function upload(
  headers: AuthHeaders,
  file: string,
  metadata: Record<string, string> = { title: 'My ad', filename: 'ad.mp4', filetype: 'video/mp4' },
) {
  const bytes = await readFile(file);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...headers,
      ...TUS,
      'upload-length': String(bytes.length),
      'upload-metadata': encodeMetadata(metadata),
    },
  });
  if (created.statusCode !== 201) return created;
  const location = created.headers.location as string;
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]+$/);
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...headers,
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

async function uploadsLeft(): Promise<string[]> {
  return readdir(path.join(dataDir, 'uploads')).catch(() => []);
}

describe('upload over tus', () => {
  it('accepts a short MP4, then processing makes it pending with a poster and a playable file', async () => {
    const { user, headers } = await signedInUser(t, 'creator');
    const response = await upload(headers, fixtures.shortMp4, {
      title: 'Sunny ad',
      caption: 'Hello',
      ctaText: 'Shop',
      ctaUrl: 'https://example.com',
      filename: 'ad.mp4',
    });
    expect(response.statusCode).toBe(201);
    const { video } = response.json();
    expect(video).toMatchObject({
      title: 'Sunny ad',
      caption: 'Hello',
      ctaText: 'Shop',
      ctaUrl: 'https://example.com',
      status: 'processing',
      fileUrl: null,
      campaignId: null,
      creator: { id: user.id },
    });

    expect(await t.app.videoWorker.drain()).toBe(1);
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({
      status: 'pending',
      fileUrl: expect.stringMatching(new RegExp(`^/media/videos/${video.id}/[0-9a-f]{32}\\.mp4$`)),
      thumbUrl: expect.stringMatching(
        new RegExp(`^/media/videos/${video.id}/[0-9a-f]{32}\\.webp$`),
      ),
    });
    expect(row?.durationSec).toBeGreaterThan(1.5);
    expect(row?.durationSec).toBeLessThan(2.6);
    expect(await uploadsLeft()).toEqual([]);

    const whole = await t.app.inject({ method: 'GET', url: row?.fileUrl ?? '' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // The name is the hash of the bytes, so the URL may be cached for good.
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(row?.fileUrl).toContain(sha256Prefix(whole.rawPayload));
    const ranged = await t.app.inject({
      method: 'GET',
      url: row?.fileUrl ?? '',
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    // +faststart: the index (moov) comes before the media data (mdat).
    const bytes = whole.rawPayload;
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const posterResponse = await t.app.inject({ method: 'GET', url: row?.thumbUrl ?? '' });
    expect(posterResponse.statusCode).toBe(200);
    expect(posterResponse.headers['content-type']).toBe('image/webp');
    // A WebP file (RIFF....WEBP).
    expect(posterResponse.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(posterResponse.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(posterResponse.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(row?.thumbUrl).toContain(sha256Prefix(posterResponse.rawPayload));

    const size = whole.rawPayload.length;
    const tail = await t.app.inject({
      method: 'GET',
      url: row?.fileUrl ?? '',
      headers: { range: 'bytes=-10' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: row?.fileUrl ?? '',
      headers: { range: `bytes=${size}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('answers a missing media key with a 404, not the web app', async () => {
    for (const url of [
      '/media/videos/00000000-0000-4000-8000-000000000000/0123456789abcdef0123456789abcdef.mp4',
      '/media/videos/..%2f..%2fuploads%2fx',
      '/media/videos/x.mp4.part-1-2',
      '/media/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('resumes: the file may arrive in parts, the offset is asked with HEAD', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const bytes = await readFile(fixtures.shortMp4);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers,
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': encodeMetadata({ title: 'In parts' }),
      },
    });
    const location = created.headers.location as string;
    const half = Math.floor(bytes.length / 2);
    const first = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...headers,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes.subarray(0, half),
    });
    expect(first.statusCode).toBe(204);
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...headers, ...TUS },
    });
    expect(head.headers['upload-offset']).toBe(String(half));
    const rest = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...headers,
        ...TUS,
        'upload-offset': String(half),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes.subarray(half),
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().video).toMatchObject({ title: 'In parts', status: 'processing' });
    await t.app.videoWorker.drain();
  });

  it('fails the video with a readable reason when processing cannot succeed', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const response = await upload(headers, fixtures.shortMp4, { title: 'Doomed' });
    const { video } = response.json();
    // The original disappears before the job runs (a disk lost): no retry can help.
    for (const name of await uploadsLeft()) await rm(path.join(dataDir, 'uploads', name));
    await t.app.videoWorker.drain();
    const list = await t.app.inject({ method: 'GET', url: '/api/creator/videos', headers });
    expect(list.json().videos[0]).toMatchObject({
      id: video.id,
      status: 'failed',
      fileUrl: null,
      failureReason: expect.stringMatching(/could not process/),
    });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'videoId' = ${video.id}`);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    await t.database.db.delete(jobs).where(eq(jobs.id, job?.id ?? ''));
  });

  it('enters a picked open campaign: the submission is created with the video', async () => {
    const { user, headers } = await signedInUser(t, 'creator');
    const campaign = await createCampaign(t.database.db);
    const response = await upload(headers, fixtures.shortMp4, {
      title: 'For the brand',
      campaignId: campaign.id,
    });
    expect(response.statusCode).toBe(201);
    const { video } = response.json();
    expect(video.campaignId).toBe(campaign.id);
    expect(video.campaignTitle).toBe(campaign.title);
    const rows = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.videoId, video.id));
    expect(rows).toEqual([
      expect.objectContaining({ campaignId: campaign.id, creatorId: user.id, status: 'submitted' }),
    ]);
    await t.app.videoWorker.drain();
  });

  it('refuses a closed campaign and keeps nothing', async () => {
    const headers = await asRole(t, 'creator');
    const campaign = await createCampaign(t.database.db, { status: 'closed' });
    const before = await t.database.db.select().from(videos);
    const response = await upload(headers, fixtures.shortMp4, {
      title: 'Late',
      campaignId: campaign.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This campaign is not open for submissions');
    expect(await t.database.db.select().from(videos)).toHaveLength(before.length);
    expect(await uploadsLeft()).toEqual([]);
  });

  it.each([
    [
      'a text file named .mp4',
      'textAsMp4',
      415,
      'Invalid file type. Please upload MP4, WebM, or MOV video files.',
    ],
    ['a 31-second video', 'longMp4', 422, 'Video must be 30 seconds or less'],
    [
      'an MP4 without a video stream',
      'audioOnlyMp4',
      422,
      "Unable to determine video duration. Please ensure you're uploading a valid video file.",
    ],
  ] as const)(
    'refuses %s with SPEC’s message and deletes it at once',
    async (_name, key, status, message) => {
      const headers = await asRole(t, 'creator');
      const before = await t.database.db.select().from(videos);
      const response = await upload(headers, fixtures[key]);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({
        error: { code: expect.any(String), message, requestId: expect.any(String) },
      });
      expect(await uploadsLeft()).toEqual([]);
      expect(await t.database.db.select().from(videos)).toHaveLength(before.length);
    },
  );

  it('refuses a declared size over 100MB before any byte', async () => {
    const headers = await asRole(t, 'creator');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers,
        ...TUS,
        'upload-length': String(100 * 1024 * 1024 + 1),
        'upload-metadata': encodeMetadata({ title: 'Big' }),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('File size must be under 100MB');
    expect(await uploadsLeft()).toEqual([]);
  });

  it('refuses missing or bad metadata with the first message', async () => {
    const headers = await asRole(t, 'creator');
    const noTitle = await upload(headers, fixtures.shortMp4, { filename: 'a.mp4' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.message).toBe('Title is required');
    const badCampaign = await upload(headers, fixtures.shortMp4, {
      title: 'x',
      campaignId: 'nope',
    });
    expect(badCampaign.json().error.message).toBe('Invalid campaign ID');
    expect(await uploadsLeft()).toEqual([]);
  });

  it('lets only creators and admins upload, and only to their own upload', async () => {
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': encodeMetadata({ title: 'x' }) },
    });
    expect(signedOut.statusCode).toBe(401);
    const viewer = await upload(await asRole(t, 'viewer'), fixtures.shortMp4);
    expect(viewer.statusCode).toBe(403);

    const owner = await asRole(t, 'creator');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...owner,
        ...TUS,
        'upload-length': '10',
        'upload-metadata': encodeMetadata({ title: 'x' }),
      },
    });
    expect(created.statusCode).toBe(201);
    const other = await asRole(t, 'creator');
    const head = await t.app.inject({
      method: 'HEAD',
      url: created.headers.location as string,
      headers: { ...other, ...TUS },
    });
    expect(head.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'HEAD',
      url: created.headers.location as string,
      headers: { ...owner, ...TUS },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['upload-offset']).toBe('0');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: created.headers.location as string,
      headers: { ...owner, ...TUS },
    });
    expect(removed.statusCode).toBe(204);
    expect(await uploadsLeft()).toEqual([]);
  });

  it('documents the tus upload and the media routes in the OpenAPI document', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(spec.paths['/api/uploads'])).toEqual(['post']);
    // HEAD (the offset, to resume) is described with PATCH: the generator leaves HEAD routes out.
    expect(Object.keys(spec.paths['/api/uploads/{id}']).sort()).toEqual(['delete', 'patch']);
    const patch = spec.paths['/api/uploads/{id}'].patch;
    expect(patch.tags).toEqual(['uploads']);
    expect(Object.keys(patch.responses)).toEqual(
      expect.arrayContaining(['201', '204', '413', '415']),
    );
    expect(spec.paths['/api/uploads'].post.description).toMatch(/Tus-Resumable: 1\.0\.0/);
    expect(patch.description).toMatch(/HEAD/);
    const media = Object.entries(spec.paths).find(([key]) => key.startsWith('/media/'));
    expect(media?.[1]).toHaveProperty('get.summary');
  });

  it('never serves an original', async () => {
    const owner = await asRole(t, 'creator');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...owner,
        ...TUS,
        'upload-length': '10',
        'upload-metadata': encodeMetadata({ title: 'x' }),
      },
    });
    const location = created.headers.location as string;
    const read = await t.app.inject({ method: 'GET', url: location, headers: owner });
    expect(read.statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: location, headers: { ...owner, ...TUS } });
    // Processing jobs only: the ladder jobs that processed videos enqueued (issue 20) run apart.
    const jobRows = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, PROCESS_VIDEO_QUEUE));
    expect(jobRows.every((job) => job.state === 'done')).toBe(true);
  });
});
