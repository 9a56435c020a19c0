/**
 * Bad input for upload (issue 4 item 8): each is refused with SPEC.md's message and leaves nothing
 * behind, neither bytes in DATA_DIR/uploads nor rows in videos, submissions or jobs. The type is
 * decided by the content: a declared filetype is never believed, whichever way it lies.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, submissions, videos } from '../../src/db/schema';
import { ffmpegPath } from '../../src/platform/media/ffmpeg';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, asRole } from '../support/auth';
import { createCampaign } from '../support/factories';

const run = promisify(execFile);
const TUS = { 'tus-resumable': '1.0.0' };
const INVALID_TYPE = 'Invalid file type. Please upload MP4, WebM, or MOV video files.';
const NO_DURATION =
  "Unable to determine video duration. Please ensure you're uploading a valid video file.";

let t: TestApp;
let fixtures: VideoFixtures;
let dataDir: string;
let files: {
  empty: string;
  truncatedMp4: string;
  pngAsMov: string;
  jpegAsMov: string;
  webm: string;
};

async function ffmpeg(args: string[]) {
  await run(ffmpegPath(), ['-v', 'error', '-y', ...args]);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-data-'));
  [fixtures, t] = await Promise.all([makeVideoFixtures(), createTestApp({ DATA_DIR: dataDir })]);
  const dir = fixtures.dir;
  files = {
    empty: path.join(dir, 'empty.mp4'),
    truncatedMp4: path.join(dir, 'truncated.mp4'),
    pngAsMov: path.join(dir, 'picture-png.mov'),
    jpegAsMov: path.join(dir, 'picture-jpeg.mov'),
    webm: path.join(dir, 'clip.webm'),
  };
  const whole = await readFile(fixtures.shortMp4);
  const png = path.join(dir, 'frame.png');
  const jpeg = path.join(dir, 'frame.jpg');
  await Promise.all([
    writeFile(files.empty, ''),
    // The first half: the header says MP4, the index (written last) is gone.
    writeFile(files.truncatedMp4, whole.subarray(0, Math.floor(whole.length / 2))),
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', png]).then(() =>
      copyFile(png, files.pngAsMov),
    ),
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', jpeg]).then(() =>
      copyFile(jpeg, files.jpegAsMov),
    ),
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=10',
      '-t',
      '1',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-b:v',
      '200k',
      files.webm,
    ]),
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function encodeMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** Creates the upload and sends the whole file; the answer that ends it (POST for an empty one). */
async function upload(headers: AuthHeaders, file: string, metadata: Record<string, string>) {
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
  if (created.statusCode !== 201 || bytes.length === 0) return created;
  return t.app.inject({
    method: 'PATCH',
    url: created.headers.location as string,
    headers: {
      ...headers,
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

async function counts() {
  const db = t.database.db;
  return {
    videos: (await db.select().from(videos)).length,
    submissions: (await db.select().from(submissions)).length,
    jobs: (await db.select().from(jobs)).length,
    uploads: await readdir(path.join(dataDir, 'uploads')).catch(() => []),
  };
}

async function expectRefusedLeavingNothing(
  headers: AuthHeaders,
  file: string,
  metadata: Record<string, string>,
  status: number,
  message: string,
) {
  const before = await counts();
  const response = await upload(headers, file, metadata);
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({
    error: { code: expect.any(String), message, requestId: expect.any(String) },
  });
  expect(await counts()).toEqual({ ...before, uploads: [] });
}

describe('bad input to upload', () => {
  it.each([
    ['an empty file', 'empty', 'ad.mp4', 'video/mp4', 415, INVALID_TYPE],
    ['a truncated MP4', 'truncatedMp4', 'ad.mp4', 'video/mp4', 422, NO_DURATION],
    ['a PNG renamed .mov', 'pngAsMov', 'ad.mov', 'video/quicktime', 415, INVALID_TYPE],
    ['a JPEG renamed .mov', 'jpegAsMov', 'ad.mov', 'video/quicktime', 415, INVALID_TYPE],
  ] as const)(
    'refuses %s with SPEC’s message and keeps nothing',
    async (_name, key, filename, filetype, status, message) => {
      const headers = await asRole(t, 'creator');
      const campaign = await createCampaign(t.database.db);
      await expectRefusedLeavingNothing(
        headers,
        files[key],
        { title: 'Bad', filename, filetype, campaignId: campaign.id },
        status,
        message,
      );
    },
  );

  it('refuses a picture that declares itself video/mp4: the content decides', async () => {
    const headers = await asRole(t, 'creator');
    await expectRefusedLeavingNothing(
      headers,
      files.pngAsMov,
      { title: 'Liar', filename: 'ad.mp4', filetype: 'video/mp4' },
      415,
      INVALID_TYPE,
    );
  });

  it('accepts a WebM that declares itself video/mp4 (or an image): the content decides', async () => {
    const headers = await asRole(t, 'creator');
    for (const filetype of ['video/mp4', 'image/png']) {
      const response = await upload(headers, files.webm, {
        title: `WebM as ${filetype}`,
        filename: 'ad.mp4',
        filetype,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().video).toMatchObject({ status: 'processing' });
    }
    expect(await t.app.videoWorker.drain()).toBe(2);
    const rows = await t.database.db.select().from(videos);
    const webms = rows.filter((row) => row.title.startsWith('WebM as'));
    expect(webms.map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('refuses a campaign id that is not a UUID with "Invalid campaign ID", before any byte', async () => {
    const headers = await asRole(t, 'creator');
    const before = await counts();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers,
        ...TUS,
        'upload-length': '10',
        'upload-metadata': encodeMetadata({ title: 'x', campaignId: '12345' }),
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toBe('Invalid campaign ID');
    expect(await counts()).toEqual({ ...before, uploads: [] });
    // And with the whole file, through the same path as any other upload.
    await expectRefusedLeavingNothing(
      headers,
      fixtures.shortMp4,
      { title: 'x', campaignId: 'not-a-uuid' },
      400,
      'Invalid campaign ID',
    );
  });

  it('refuses an upload by a brand or a viewer (403) and keeps nothing', async () => {
    for (const role of ['brand', 'viewer'] as const) {
      const headers = await asRole(t, role);
      const before = await counts();
      const response = await upload(headers, fixtures.shortMp4, { title: 'Not mine to post' });
      expect(response.statusCode).toBe(403);
      expect(await counts()).toEqual({ ...before, uploads: [] });
    }
  });
});
