/**
 * Issue 14 item 1: decoding is contained. Before, ffprobe and ffmpeg guessed an upload's format
 * from its bytes. A file that sniffs as MP4 (an ID3 tag, then an `ftyp` box) but that ffmpeg, after
 * the tag, reads as an HLS playlist or an ffconcat list passed the checks, and the worker transcoded
 * the local file the script names: another creator's unpublished video (or pending upload) became
 * the uploader's video and poster. Now every call names the demuxer of the sniffed container, allows
 * only the file protocol for that one file, and no script is ever read.
 *
 * Run with the system's ffmpeg (when recent) and, in CI, again with FFMPEG_SOURCE=bundled.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, videos } from '../../src/db/schema';
import { NO_DURATION_MESSAGE } from '../../src/modules/videos/upload.service';
import { frameColours, isMagenta, makeClip, polyglot } from '../fixtures/media';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { uploadFile } from '../support/tus';

let t: TestApp;
let dataDir: string;
let work: string;
/** Another creator's clip: all magenta, so any of its frames is recognised. */
let marker: string;
/** What the polyglots carry after their script: a green clip. */
let decoy: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-contained-'));
  work = await mkdtemp(path.join(tmpdir(), 'adreel-contained-files-'));
  marker = path.join(work, 'marker.mp4');
  const decoyFile = path.join(work, 'decoy.mp4');
  [t] = await Promise.all([
    createTestApp({ DATA_DIR: dataDir }),
    makeClip(marker, { seconds: 3, audioSeconds: 3, colour: 'magenta' }),
    makeClip(decoyFile, { seconds: 2, audioSeconds: 2, colour: 'green' }),
  ]);
  decoy = await readFile(decoyFile);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const metadata = { title: 'Innocent ad', filename: 'ad.mp4', filetype: 'video/mp4' };

async function videoRow(id: string) {
  const [row] = await t.database.db.select().from(videos).where(eq(videos.id, id));
  return row;
}

const mediaFile = (url: string | null | undefined) =>
  path.join(dataDir, 'media', (url ?? '').replace(/^\/media\//, ''));

/**
 * The attacker's upload either is refused with SPEC.md's message, or, once processed, has neither a
 * video frame nor a poster of the victim's colour.
 */
async function expectNothingOfTheMarker(headers: AuthHeaders, file: string): Promise<void> {
  const response = await uploadFile(t.app, headers, file, metadata);
  if (response.statusCode !== 201) {
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: { code: 'invalid_video', message: NO_DURATION_MESSAGE, requestId: expect.any(String) },
    });
    return;
  }
  const { video } = response.json() as { video: { id: string } };
  await t.app.videoWorker.drain();
  const row = await videoRow(video.id);
  if (row?.status !== 'pending') return; // Failed: nothing was made from it.
  const frames = await frameColours(mediaFile(row.fileUrl));
  expect(frames.filter(isMagenta)).toEqual([]);
  const poster = await frameColours(mediaFile(row.thumbUrl));
  expect(poster.filter(isMagenta)).toEqual([]);
}

describe('an upload is decoded as the container it was sniffed as, from that file only', () => {
  it("an MP4-sniffing polyglot whose HLS playlist names another creator's unpublished video gets nothing of it", async () => {
    // The victim's video, processed and waiting for review: its rendition is on the server's disk.
    const victim = await signedInUser(t, 'creator');
    const own = await uploadFile(t.app, victim.headers, marker, metadata);
    expect(own.statusCode).toBe(201);
    await t.app.videoWorker.drain();
    const victimVideo = await videoRow((own.json() as { video: { id: string } }).video.id);
    expect(victimVideo?.status).toBe('pending');
    const stored = mediaFile(victimVideo?.fileUrl);
    expect((await frameColours(stored)).every(isMagenta)).toBe(true);

    const attacker = await signedInUser(t, 'creator');
    const file = path.join(work, 'hls-polyglot.mp4');
    await writeFile(
      file,
      polyglot(
        `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:3\n#EXTINF:3.0,\n${stored}\n#EXT-X-ENDLIST\n`,
        decoy,
      ),
    );
    await expectNothingOfTheMarker(attacker.headers, file);
  });

  it('an MP4-sniffing polyglot whose ffconcat list names another upload in the uploads folder gets nothing of it', async () => {
    // The victim's upload is complete and waits for the worker: its bytes are in DATA_DIR/uploads.
    const victim = await signedInUser(t, 'creator');
    const own = await uploadFile(t.app, victim.headers, marker, metadata);
    expect(own.statusCode).toBe(201);
    const victimId = (own.json() as { video: { id: string } }).video.id;
    const [job] = await t.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(sql`${jobs.payload}->>'videoId' = ${victimId}`);
    const uploadId = (job?.payload as { uploadId?: string } | undefined)?.uploadId;
    expect(uploadId).toMatch(/^[0-9a-f]+$/);
    // Its turn comes after the attacker's, so its bytes are still there when the attacker's file is
    // processed.
    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now() + interval '1 hour'` })
      .where(sql`${jobs.payload}->>'videoId' = ${victimId}`);

    const attacker = await signedInUser(t, 'creator');
    const file = path.join(work, 'concat-polyglot.mp4');
    // A relative name: the list is read from the attacker's own file in the same folder.
    await writeFile(file, polyglot(`ffconcat version 1.0\nfile ${uploadId}\nduration 3\n`));
    await expectNothingOfTheMarker(attacker.headers, file);
    // The victim's own video is still made from the victim's file.
    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(sql`${jobs.payload}->>'videoId' = ${victimId}`);
    await t.app.videoWorker.drain();
    expect((await videoRow(victimId))?.status).toBe('pending');
  });

  it('plain MP4 and WebM uploads are still read and processed', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const mp4 = path.join(work, 'plain.mp4');
    const webm = path.join(work, 'plain.webm');
    await Promise.all([
      makeClip(mp4, { seconds: 2, audioSeconds: 2 }),
      makeClip(webm, { seconds: 2, audioSeconds: 2, format: 'webm' }),
    ]);
    for (const [file, filetype] of [
      [mp4, 'video/mp4'],
      [webm, 'video/webm'],
    ] as const) {
      const response = await uploadFile(t.app, headers, file, { ...metadata, filetype });
      expect(response.statusCode).toBe(201);
      const { video } = response.json() as { video: { id: string } };
      await t.app.videoWorker.drain();
      const row = await videoRow(video.id);
      expect(row?.status).toBe('pending');
      expect(row?.durationSec).toBeGreaterThan(1.9);
      expect(row?.durationSec).toBeLessThanOrEqual(2.1);
    }
  });
});
