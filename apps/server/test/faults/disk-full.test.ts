/**
 * The upload disk filling up (issue 8): DATA_DIR/uploads is a real 1 MB filesystem (tmpfs). A clip
 * bigger than the room left, sent through tus as the web app does, is refused at once with 507 and
 * a clear message. An upload that fitted when created but whose bytes meet a full disk (ENOSPC) is
 * dropped whole. Either way nothing is left behind (no partial file, no tus metadata, no video), and
 * the server keeps working: the clip goes through once there is room and is processed.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../src/platform/media/ffmpeg';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { encodeMetadata, TUS } from '../support/tus';
import {
  prepareServerState,
  type ServerProcess,
  type ServerState,
  startServer,
  waitFor,
} from './server-process';

const ROOM = 1024 * 1024;

/** Why no small real filesystem can be mounted here, or null when it can (tmpfs, as root). */
function cannotMount(): string | null {
  const probe = path.join(tmpdir(), `adreel-mount-probe-${process.pid}`);
  try {
    execFileSync('mkdir', ['-p', probe]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe]);
    return null;
  } catch (error) {
    return `cannot mount a tmpfs here (${String((error as Error).message).split('\n')[0]})`;
  } finally {
    execFileSync('rm', ['-rf', probe]);
  }
}
const unavailable = cannotMount();

let state: ServerState | undefined;
let server: ServerProcess | undefined;
let fixtures: VideoFixtures;
let bigClip: Buffer;
let uploads: string;
let mounted = false;

beforeAll(async () => {
  if (unavailable) return;
  [state, fixtures] = await Promise.all([prepareServerState(), makeVideoFixtures()]);
  uploads = path.join(state.dataDir, 'uploads');
  await mkdir(uploads);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${ROOM}`, 'tmpfs', uploads]);
  mounted = true;
  // A real 4 s clip of a few megabytes: lossless, so it is far bigger than the room left.
  const scratch = await mkdtemp(path.join(tmpdir(), 'adreel-big-'));
  const file = path.join(scratch, 'big.mp4');
  execFileSync(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25',
    '-t',
    '4',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '0',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  bigClip = await readFile(file);
  await rm(scratch, { recursive: true, force: true });
}, 120_000);
afterAll(async () => {
  await server?.kill9();
  try {
    if (mounted) execFileSync('umount', [uploads]);
  } finally {
    await state?.dispose();
  }
});

interface Outcome {
  status: number;
  body: unknown;
}

/** Uploads through tus-js-client as the web app does (5 MB chunks, its retries, shortened). */
function upload(bytes: Buffer, title: string): Promise<Outcome> {
  if (!state) throw new Error('not prepared');
  const { url, headers } = state;
  return new Promise((resolve) => {
    new tus.Upload(bytes, {
      endpoint: `${url}/api/uploads`,
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [0, 200, 200],
      headers: { ...headers },
      metadata: { title, filename: 'ad.mp4', filetype: 'video/mp4' },
      onSuccess({ lastResponse }) {
        resolve({ status: lastResponse.getStatus(), body: JSON.parse(lastResponse.getBody()) });
      },
      onError(error) {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        let body: unknown = String(error);
        try {
          body = JSON.parse(response?.getBody() ?? '');
        } catch {
          // No JSON answer: the error's text says what happened.
        }
        resolve({ status: response?.getStatus() ?? 0, body });
      },
    }).start();
  });
}

const STORAGE_FULL = {
  error: {
    code: 'storage_full',
    message: 'There is no room to store your video right now. Please try again later.',
    requestId: expect.any(String),
  },
};

async function freeRoom(): Promise<number> {
  const stats = await statfs(uploads);
  return stats.bavail * stats.bsize;
}

describe.skipIf(unavailable)(
  `a full upload disk${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('refuses a clip bigger than the room with 507 and a clear message before any byte is sent', async () => {
      if (!state) throw new Error('not prepared');
      const { url, headers } = state;
      server = await startServer(state);
      const free = await freeRoom();
      expect(bigClip.length).toBeGreaterThan(free);

      const refused = await upload(bigClip, 'Too big for the disk');
      expect(refused).toEqual({ status: 507, body: STORAGE_FULL });

      // Nothing kept: no file, no tus metadata, the room untouched, and no video.
      expect(await readdir(uploads)).toEqual([]);
      expect(await freeRoom()).toBe(free);
      const listed = await fetch(`${url}/api/creator/videos`, { headers });
      expect(((await listed.json()) as { videos: unknown[] }).videos).toEqual([]);
    });

    it('drops an upload the disk fills up under part-way, leaving nothing of it, and keeps working', async () => {
      if (!state) throw new Error('not prepared');
      const { url, headers } = state;
      const small = await readFile(fixtures.shortMp4);
      expect(small.length).toBeLessThan(await freeRoom());

      // Created while there is room for it…
      const created = await fetch(`${url}/api/uploads`, {
        method: 'POST',
        headers: {
          ...headers,
          ...TUS,
          'upload-length': String(small.length),
          'upload-metadata': encodeMetadata({ title: 'Squeezed out' }),
        },
      });
      expect(created.status).toBe(201);
      const uploadUrl = new URL(created.headers.get('location') ?? '', url);
      const id = path.basename(uploadUrl.pathname);
      expect((await readdir(uploads)).sort()).toEqual([id, `${id}.json`].sort());

      // …then something else takes the room before its bytes arrive.
      const filler = path.join(uploads, 'filler.bin');
      await writeFile(filler, Buffer.alloc((await freeRoom()) - Math.floor(small.length / 2)));
      expect(await freeRoom()).toBeLessThan(small.length);
      const sent = await fetch(uploadUrl, {
        method: 'PATCH',
        headers: {
          ...headers,
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: small,
      }).then(
        async (response) => ({ status: response.status, body: await response.json() }),
        // The server may cut the body off once the disk refuses it: then no answer arrives.
        () => null,
      );
      if (sent) expect(sent).toEqual({ status: 507, body: STORAGE_FULL });

      // Whichever the caller saw, nothing of the upload is left and it cannot be resumed.
      expect(await readdir(uploads)).toEqual(['filler.bin']);
      const head = await fetch(uploadUrl, { method: 'HEAD', headers: { ...headers, ...TUS } });
      expect(head.status).toBe(404);
      await rm(filler);

      // Still working: the same clip, now that there is room, goes through and is processed.
      const accepted = await upload(small, 'Fits');
      expect(accepted).toMatchObject({
        status: 201,
        body: { video: { title: 'Fits', status: 'processing' } },
      });
      const videoId = (accepted.body as { video: { id: string } }).video.id;
      const processed = await waitFor('the clip to be processed', async () => {
        const response = await fetch(`${url}/api/creator/videos`, { headers });
        const { videos } = (await response.json()) as { videos: { id: string; status: string }[] };
        const row = videos.find((video) => video.id === videoId);
        return row?.status === 'processing' ? undefined : row;
      });
      expect(processed.status).toBe('pending');
      // The job deletes the original (bytes, then tus metadata) once the video is pending.
      await waitFor('the original to be deleted', async () =>
        (await readdir(uploads)).length === 0 ? true : undefined,
      );
    }, 180_000);
  },
);
