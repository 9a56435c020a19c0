/**
 * Processing survives the server dying mid-job (issue 4): the real server process runs the job with
 * an ffmpeg that stops at a gate after writing half its output; the server is killed with SIGKILL
 * there and started again. After the lease the job is taken over, runs once more and completes: the
 * video is pending with exactly one rendition and one poster, and nothing half-written is left.
 */
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, videos } from '../../src/db/schema';
import { PROCESS_VIDEO_QUEUE } from '../../src/modules/videos/upload.service';
import { ffmpegPath, probe } from '../../src/platform/media/ffmpeg';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { encodeMetadata, TUS } from '../support/tus';
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
let gate: string;
let wrapper: string;

/**
 * Stands in for ffmpeg: each transcode (its output is out.mp4) is counted; until the gate opens it
 * writes half a file, says it started and waits there. Everything else goes to the real ffmpeg.
 */
const WRAPPER = `#!/bin/sh
for last; do :; done
case "$last" in
  */out.mp4)
    echo "$$" >> "$GATE_DIR/transcodes"
    if [ ! -e "$GATE_DIR/open" ]; then
      printf 'half a rendition' > "$last"
      : > "$GATE_DIR/started"
      while [ ! -e "$GATE_DIR/open" ]; do sleep 0.1; done
    fi
    ;;
esac
exec "$REAL_FFMPEG" "$@"
`;

beforeAll(async () => {
  [state, fixtures] = await Promise.all([prepareServerState(), makeVideoFixtures()]);
  gate = path.join(state.dataDir, 'gate');
  await mkdir(gate);
  wrapper = path.join(gate, 'ffmpeg');
  await writeFile(wrapper, WRAPPER);
  await chmod(wrapper, 0o755);
}, 120_000);
afterAll(async () => {
  await server?.kill9();
  await state?.dispose();
});

async function exists(file: string): Promise<boolean> {
  return readFile(file).then(
    () => true,
    () => false,
  );
}

describe('a processing job whose server is killed', () => {
  it('is taken over after its lease and completes exactly once, leaving no half-written file', async () => {
    const env = {
      FFMPEG_PATH: wrapper,
      REAL_FFMPEG: ffmpegPath(),
      GATE_DIR: gate,
      // Short, so the restarted server takes the job over soon; renewed while a worker is alive.
      JOB_LEASE_MS: '3000',
    };
    server = await startServer(state, env);

    // A whole upload in one request, as a small clip is.
    const bytes = await readFile(fixtures.shortMp4);
    const created = await fetch(`${state.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...state.headers,
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': encodeMetadata({ title: 'Killed while processing' }),
      },
    });
    expect(created.status).toBe(201);
    const finished = await fetch(new URL(created.headers.get('location') ?? '', state.url), {
      method: 'PATCH',
      headers: {
        ...state.headers,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
    expect(finished.status).toBe(201);
    const { video } = (await finished.json()) as { video: { id: string; status: string } };
    expect(video.status).toBe('processing');

    // ffmpeg is mid-transcode with half its output written: the server dies now.
    await waitFor('the transcode to start', async () =>
      (await exists(path.join(gate, 'started'))) ? true : undefined,
    );
    const scratch = path.join(state.dataDir, 'processing', video.id);
    expect(await readdir(scratch)).toContain('out.mp4');
    await server.kill9();

    await writeFile(path.join(gate, 'open'), '');
    server = await startServer(state, env);
    const done = await waitFor('the taken-over job to finish', async () => {
      const response = await fetch(`${state.url}/api/creator/videos`, { headers: state.headers });
      const { videos: list } = (await response.json()) as {
        videos: { id: string; status: string; fileUrl: string | null; thumbUrl: string | null }[];
      };
      const row = list.find((item) => item.id === video.id);
      return row?.status === 'processing' ? undefined : row;
    });
    expect(done.status).toBe('pending');

    // Exactly one rendition and one poster, whole, named in the row; no scratch or staging file.
    const folder = path.join(state.dataDir, 'media', 'videos', video.id);
    const files = (await readdir(folder)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => /^[0-9a-f]{32}\.(mp4|webp)$/.test(name))).toBe(true);
    expect(done.fileUrl).toBe(`/media/videos/${video.id}/${files.find((f) => f.endsWith('.mp4'))}`);
    expect(done.thumbUrl).toBe(
      `/media/videos/${video.id}/${files.find((f) => f.endsWith('.webp'))}`,
    );
    const rendition = await probe(
      path.join(folder, files.find((f) => f.endsWith('.mp4')) ?? ''),
      'mov',
    );
    expect(rendition).toMatchObject({ hasVideo: true, hasAudio: true });
    expect(rendition.durationSec).toBeGreaterThan(1.5);
    expect(await readdir(path.join(state.dataDir, 'processing'))).toEqual([]);
    expect(await readdir(path.join(state.dataDir, 'uploads'))).toEqual([]);
    const media = await fetch(`${state.url}${done.fileUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(media.status).toBe(206);
    expect(media.headers.get('content-type')).toBe('video/mp4');

    // The job ran twice in all (the killed attempt and the one that finished), never a third time.
    const transcodes = (await readFile(path.join(gate, 'transcodes'), 'utf8')).trim().split('\n');
    expect(transcodes).toHaveLength(2);
    await server.stop();
    server = undefined;
    const database = await state.openDb();
    try {
      const rows = await database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'videoId' = ${video.id}`);
      // The processing job; the ladder job it enqueued when done (issue 20) follows on its own.
      expect(rows.filter((job) => job.queue === PROCESS_VIDEO_QUEUE)).toEqual([
        expect.objectContaining({ state: 'done', attempts: 2 }),
      ]);
      const [row] = await database.db.select().from(videos).where(eq(videos.id, video.id));
      expect(row).toMatchObject({ status: 'pending', fileUrl: done.fileUrl });
    } finally {
      await database.close();
    }
  }, 300_000);
});
