/**
 * Issue 14 item 8: My Videos shows how far a video's processing is, not only "Processing". Before,
 * the transcode ran without reporting anything and the creator's list said nothing of progress.
 * Now ffmpeg's `-progress` output reaches the job, which stores the percentage done (of the
 * source's measured length) on the video at most once a second, and the creator's list returns it
 * while the video processes.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderVideo } from '../../src/modules/videos/process-video.job';
import { makeClip } from '../fixtures/media';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';

let t: TestApp;
let work: string;
/** 29 s of a moving 720×1280 pattern: a few seconds of work for the transcode. */
let clip: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'adreel-progress-'));
  clip = path.join(work, 'clip.mp4');
  [t] = await Promise.all([
    createTestApp({ DATA_DIR: path.join(work, 'data') }),
    makeClip(clip, { seconds: 29, audioSeconds: 29, size: '720x1280', rate: 30 }),
  ]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const TUS = { 'tus-resumable': '1.0.0' };
const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

describe('processing progress', () => {
  it('the transcode reports rising fractions of the clip done, up to the whole', async () => {
    const fractions: number[] = [];
    const out = await mkdtemp(path.join(work, 'render-'));
    const rendered = await renderVideo(clip, out, (fraction) => fractions.push(fraction));
    expect(rendered.durationSec).toBeGreaterThan(28);
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions.some((f) => f > 0.01 && f < 0.99)).toBe(true);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(fractions.at(-1)).toBeGreaterThanOrEqual(0.99);
  }, 180_000);

  it("the creator's list shows a processing video's percentage rise, then the video is done", async () => {
    const { headers } = await signedInUser(t, 'creator');
    const bytes = await readFile(clip);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers,
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': meta({ title: 'Long ad', filename: 'ad.mp4', filetype: 'video/mp4' }),
      },
    });
    expect(created.statusCode).toBe(201);
    const done = await t.app.inject({
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
    expect(done.statusCode).toBe(201);
    const { video } = done.json();
    expect(video).toMatchObject({ status: 'processing', processingProgress: null });

    const seen: number[] = [];
    let draining = true;
    const drained = t.app.videoWorker.drain().finally(() => {
      draining = false;
    });
    while (draining) {
      const list = await t.app.inject({ method: 'GET', url: '/api/creator/videos', headers });
      const mine = list.json().videos.find((v: { id: string }) => v.id === video.id);
      if (mine?.status === 'processing' && mine.processingProgress !== null) {
        seen.push(mine.processingProgress);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await drained).toBe(1);

    // At least one value on the way, never going back.
    expect(seen.some((p) => p >= 1 && p <= 99)).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const list = await t.app.inject({ method: 'GET', url: '/api/creator/videos', headers });
    const after = list.json().videos.find((v: { id: string }) => v.id === video.id);
    // Done: waiting for review, with no percentage left to show.
    expect(after).toMatchObject({ status: 'pending', processingProgress: null });
  }, 180_000);
});
