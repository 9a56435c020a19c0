/**
 * Issue 13 item 8, uploads: `Upload-Defer-Length` skipped the free-space check at creation, and one
 * person could leave any number of unfinished ~100 MB uploads on the disk for 24 h. Now the size
 * must be declared when an upload starts, and each person holds at most UPLOAD_MAX_UNFINISHED
 * unfinished uploads and UPLOAD_MAX_UNFINISHED_BYTES declared bytes, abandoned ones giving way.
 */
import { mkdtemp, readdir, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  UPLOAD_IDLE_MINUTES,
  UPLOAD_LIMIT_MESSAGES,
  UPLOAD_MAX_UNFINISHED,
  UPLOAD_MAX_UNFINISHED_BYTES,
  VIDEO_MAX_BYTES,
} from '@adreel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { encodeMetadata, TUS } from '../support/tus';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-data-'));
  t = await createTestApp({ DATA_DIR: dataDir });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const METADATA = encodeMetadata({ title: 'My ad', filename: 'ad.mp4', filetype: 'video/mp4' });

/** Starts an upload of `length` bytes (none sent yet). */
function startUpload(headers: AuthHeaders, length: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers, ...TUS, 'upload-length': String(length), 'upload-metadata': METADATA },
  });
}

const uploadFiles = async () =>
  (await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[])).filter(
    (name) => !name.endsWith('.json'),
  );

const idOf = (location: unknown) => path.posix.basename(String(location));

describe('upload limits (issue 13 item 8)', () => {
  it('refuses a deferred length (Upload-Defer-Length) with a clear 400, before any byte, keeping nothing', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const before = await uploadFiles();
    const deferred = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, ...TUS, 'upload-defer-length': '1', 'upload-metadata': METADATA },
    });
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json()).toEqual({
      error: {
        code: 'length_required',
        message: UPLOAD_LIMIT_MESSAGES.lengthRequired,
        requestId: expect.any(String),
      },
    });
    // With a body too (creation-with-upload): still refused, nothing written.
    const withBody = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers,
        ...TUS,
        'upload-defer-length': '1',
        'upload-metadata': METADATA,
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(64 * 1024),
    });
    expect(withBody.statusCode).toBe(400);
    expect(await uploadFiles()).toEqual(before);
    // The server no longer offers the extension.
    const options = await t.app.inject({ method: 'OPTIONS', url: '/api/uploads', headers: TUS });
    expect(String(options.headers['tus-extension'])).not.toContain('creation-defer-length');

    // A length cannot be declared late on a known-length upload either, and the bytes received
    // never pass the declared size (which is at most 100 MB).
    const started = await startUpload(headers, 1000);
    expect(started.statusCode).toBe(201);
    const late = await t.app.inject({
      method: 'PATCH',
      url: started.headers.location as string,
      headers: {
        ...headers,
        ...TUS,
        'upload-offset': '0',
        'upload-length': String(VIDEO_MAX_BYTES),
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10),
    });
    expect(late.statusCode).toBe(400);
    const tooMuch = await t.app.inject({
      method: 'PATCH',
      url: started.headers.location as string,
      headers: {
        ...headers,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(2000),
    });
    expect(tooMuch.statusCode).toBe(413);
    // Sent without a Content-Length (a stream): cut off at the declared size all the same.
    const streamed = await t.app.inject({
      method: 'PATCH',
      url: started.headers.location as string,
      headers: {
        ...headers,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Readable.from([Buffer.alloc(600), Buffer.alloc(600)]),
    });
    expect(streamed.statusCode).toBeGreaterThanOrEqual(400);
    const head = await t.app.inject({
      method: 'HEAD',
      url: started.headers.location as string,
      headers: { ...headers, ...TUS },
    });
    expect(Number(head.headers['upload-offset'])).toBeLessThanOrEqual(1000);
    await t.app.inject({
      method: 'DELETE',
      url: started.headers.location as string,
      headers: { ...headers, ...TUS },
    });
  });

  it('caps the unfinished uploads one person holds (count), with a clear 403; cancelling one makes room', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const locations: string[] = [];
    for (let i = 0; i < UPLOAD_MAX_UNFINISHED; i += 1) {
      const started = await startUpload(headers, 1000);
      expect(started.statusCode).toBe(201);
      locations.push(started.headers.location as string);
    }
    const refused = await startUpload(headers, 1000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'unfinished_uploads_limit',
        message: UPLOAD_LIMIT_MESSAGES.tooManyUnfinished,
        requestId: expect.any(String),
      },
    });
    expect(UPLOAD_LIMIT_MESSAGES.tooManyUnfinished).toMatch(
      /^You have too many unfinished uploads\. Finish or cancel one before starting another/,
    );

    // Someone else is not held back by it.
    const other = await signedInUser(t, 'creator');
    expect((await startUpload(other.headers, 1000)).statusCode).toBe(201);

    // Cancelling one (tus termination) frees its place.
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: locations[0] ?? '',
      headers: { ...headers, ...TUS },
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await startUpload(headers, 1000)).statusCode).toBe(201);
  });

  it('caps the bytes declared by one person’s unfinished uploads', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const full = Math.floor(UPLOAD_MAX_UNFINISHED_BYTES / VIDEO_MAX_BYTES);
    for (let i = 0; i < full; i += 1) {
      expect((await startUpload(headers, VIDEO_MAX_BYTES)).statusCode).toBe(201);
    }
    expect(full).toBeLessThan(UPLOAD_MAX_UNFINISHED);
    const refused = await startUpload(headers, 1000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(UPLOAD_LIMIT_MESSAGES.tooManyUnfinished);
  });

  it('ten concurrent creations by one person admit exactly the cap', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const answers = await Promise.all(Array.from({ length: 10 }, () => startUpload(headers, 1000)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(UPLOAD_MAX_UNFINISHED);
    expect(statuses.filter((s) => s === 403)).toHaveLength(10 - UPLOAD_MAX_UNFINISHED);
  });

  it('an abandoned upload (no byte for UPLOAD_IDLE_MINUTES) gives way to its owner’s new one', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const ids: string[] = [];
    for (let i = 0; i < UPLOAD_MAX_UNFINISHED; i += 1) {
      const started = await startUpload(headers, 1000);
      expect(started.statusCode).toBe(201);
      ids.push(idOf(started.headers.location));
    }
    // The first two were last written to longer ago than the idle time; the others are in use.
    const idle = new Date(Date.now() - (UPLOAD_IDLE_MINUTES + 5) * 60_000);
    const older = new Date(idle.getTime() - 60_000);
    await utimes(path.join(dataDir, 'uploads', ids[0] ?? ''), older, older);
    await utimes(path.join(dataDir, 'uploads', ids[1] ?? ''), idle, idle);

    expect((await startUpload(headers, 1000)).statusCode).toBe(201);
    // Only as many as needed went, least recently written first.
    const files = await uploadFiles();
    expect(files).not.toContain(ids[0]);
    expect(files).toContain(ids[1]);
    expect((await startUpload(headers, 1000)).statusCode).toBe(201);
    expect(await uploadFiles()).not.toContain(ids[1]);
    // Nothing idle is left: the cap holds again.
    expect((await startUpload(headers, 1000)).statusCode).toBe(403);
  });
});
