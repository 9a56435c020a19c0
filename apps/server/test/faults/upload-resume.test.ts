/**
 * A resumable upload survives the server dying under it (issue 4): tus-js-client, as the web app
 * uses it, sends a clip in chunks to the real server process; after the first chunk the server is
 * killed with SIGKILL and started again, and the same upload resumes from the offset the server kept
 * and completes; the video is then processed.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { TUS } from '../support/tus';
import {
  prepareServerState,
  type ServerProcess,
  type ServerState,
  startServer,
  waitFor,
} from './server-process';

let state: ServerState;
let server: ServerProcess | undefined;
let fixtures: VideoFixtures;

beforeAll(async () => {
  [state, fixtures] = await Promise.all([prepareServerState(), makeVideoFixtures()]);
}, 120_000);
afterAll(async () => {
  await server?.kill9();
  await state?.dispose();
});

describe('an upload interrupted by a server crash', () => {
  it('resumes from the kept offset after a restart and the video is processed', async () => {
    server = await startServer(state);
    const bytes = await readFile(fixtures.shortMp4);
    const chunkSize = Math.ceil(bytes.length / 4);
    const offsetsSent: number[] = [];
    let restarted: Promise<void> | undefined;
    let offsetAfterRestart: number | undefined;

    const finished = new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(bytes, {
        endpoint: `${state.url}/api/uploads`,
        chunkSize,
        // As the web app: keep retrying while the server is away (a restart takes a few seconds
        // here, longer on a busy machine).
        retryDelays: Array.from({ length: 60 }, () => 1_000),
        headers: { ...state.headers },
        metadata: { title: 'Survives a crash', filename: 'ad.mp4', filetype: 'video/mp4' },
        async onBeforeRequest(request) {
          // Until the server is back and its offset read, the client's retries wait here.
          if (restarted) await restarted;
          if (request.getMethod() !== 'PATCH') return;
          const offset = Number(request.getHeader('Upload-Offset'));
          offsetsSent.push(offset);
          if (offset !== chunkSize || restarted) return;
          // The first chunk is stored; the server dies before the second one arrives (the kill
          // happens here, before the request leaves, so the chunk cannot slip in first), the
          // request fails, and the server comes back while the client retries.
          const crashed = server;
          await crashed?.kill9();
          restarted = (async () => {
            const head = await fetch(upload.url ?? '', {
              method: 'HEAD',
              headers: { ...state.headers, ...TUS },
            }).catch(() => null);
            expect(head).toBeNull(); // nobody answers now
            server = await startServer(state);
            const after = await fetch(upload.url ?? '', {
              method: 'HEAD',
              headers: { ...state.headers, ...TUS },
            });
            offsetAfterRestart = Number(after.headers.get('upload-offset'));
          })();
        },
        onSuccess({ lastResponse }) {
          resolve(lastResponse.getBody());
        },
        onError: reject,
      });
      upload.start();
    });

    const body = JSON.parse(await finished);
    await restarted;
    expect(body.video).toMatchObject({ title: 'Survives a crash', status: 'processing' });
    // Resumed, not started over: after the crash the client carried on from the first chunk.
    expect(offsetAfterRestart).toBe(chunkSize);
    expect(offsetsSent.filter((offset) => offset === 0)).toHaveLength(1);
    // The second chunk was sent twice: to the dead server, then again after the restart.
    expect(offsetsSent.filter((offset) => offset === chunkSize)).toHaveLength(2);

    const video = await waitFor('the video to be processed', async () => {
      const response = await fetch(`${state.url}/api/creator/videos`, { headers: state.headers });
      const { videos } = (await response.json()) as {
        videos: { id: string; status: string; fileUrl: string | null }[];
      };
      const found = videos.find((row) => row.id === body.video.id);
      return found?.status === 'processing' ? undefined : found;
    });
    expect(video.status).toBe('pending');
    const media = await fetch(`${state.url}${video.fileUrl}`, { headers: { range: 'bytes=0-15' } });
    expect(media.status).toBe(206);
    expect(
      Buffer.from(await media.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
    expect(await readdir(path.join(state.dataDir, 'uploads'))).toEqual([]);
  }, 240_000);
});
