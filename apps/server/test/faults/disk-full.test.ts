/**
 * The upload disk filling up (issue 8): DATA_DIR/uploads is a real 1 MB filesystem (tmpfs) and a
 * creator uploads, through tus as the web app does, a clip bigger than the room left. The answer is
 * 507 with a clear message; nothing of it is left behind (no partial file, no tus metadata, no
 * video); and the server keeps working: a small upload afterwards succeeds and is processed.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../src/platform/media/ffmpeg';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
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
  if (mounted) execFileSync('umount', [uploads]);
  await state?.dispose();
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

describe.skipIf(unavailable)(
  `a full upload disk${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('refuses the clip with 507 and a clear message, leaves nothing behind and keeps working', async () => {
      if (!state) throw new Error('not prepared');
      const { url, headers } = state;
      server = await startServer(state);
      const free = (await statfs(uploads)).bavail * (await statfs(uploads)).bsize;
      expect(bigClip.length).toBeGreaterThan(free);

      const refused = await upload(bigClip, 'Too big for the disk');
      expect(refused).toEqual({
        status: 507,
        body: {
          error: {
            code: 'storage_full',
            message: 'There is no room to store your video right now. Please try again later.',
          },
        },
      });

      // Nothing kept: no partial file, no tus metadata, the room is free again, and no video.
      expect(await readdir(uploads)).toEqual([]);
      const after = await statfs(uploads);
      expect(after.bavail * after.bsize).toBe(free);
      const listed = await fetch(`${url}/api/creator/videos`, { headers });
      expect(((await listed.json()) as { videos: unknown[] }).videos).toEqual([]);

      // Still working: a small clip goes through and is processed.
      const small = await readFile(fixtures.shortMp4);
      expect(small.length).toBeLessThan(free);
      const accepted = await upload(small, 'Fits');
      expect(accepted).toMatchObject({
        status: 201,
        body: { video: { title: 'Fits', status: 'processing' } },
      });
      const id = (accepted.body as { video: { id: string } }).video.id;
      const processed = await waitFor('the small clip to be processed', async () => {
        const response = await fetch(`${url}/api/creator/videos`, { headers });
        const { videos } = (await response.json()) as { videos: { id: string; status: string }[] };
        const row = videos.find((video) => video.id === id);
        return row?.status === 'processing' ? undefined : row;
      });
      expect(processed.status).toBe('pending');
      expect(await readdir(uploads)).toEqual([]);
    }, 180_000);
  },
);
