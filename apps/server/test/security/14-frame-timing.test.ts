/**
 * Issue 14 item 6: variable frame rate clips keep their frames. Before, the rendition was made at
 * the rate the source's header gives (ffmpeg's constant-rate output for MP4), which for a phone's
 * variable-rate clip is its usual rate: a section filmed faster lost frames (a clip at 30 fps whose
 * last 2 s run at 60 lost a third of them). Now each frame keeps its own time, on a clock as fine as
 * the source's fastest section, capped at 60 fps.
 *
 * Run with the system's ffmpeg (when recent) and, in CI, again with FFMPEG_SOURCE=bundled.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderVideo } from '../../src/modules/videos/process-video.job';
import { ffmpegPath, ffprobePath } from '../../src/platform/media/ffmpeg';

const run = promisify(execFile);
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'adreel-vfr-'));
});

/**
 * A variable-rate MP4 from a `fast` fps pattern: every `step`-th frame until `from` s, every frame
 * after (so the header, read from the start, gives the slow rate).
 */
async function variableRateClip(
  file: string,
  fast: number,
  step: number,
  from: number,
  seconds: number,
) {
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x240:rate=${fast}:duration=${seconds}`,
    '-vf',
    `select='gte(t,${from})+not(mod(n,${step}))'`,
    '-vsync',
    'vfr',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
}

/** How many video frames a file holds, and the fastest step between two of them (seconds). */
async function frames(file: string): Promise<{ count: number; shortestStep: number }> {
  const { stdout } = await run(
    ffprobePath(),
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'frame=pts_time',
      '-of',
      'csv=p=0',
      file,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const times = stdout
    .split('\n')
    .map((line) => Number.parseFloat(line))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  let shortestStep = Number.POSITIVE_INFINITY;
  for (let i = 1; i < times.length; i += 1) {
    shortestStep = Math.min(shortestStep, (times[i] ?? 0) - (times[i - 1] ?? 0));
  }
  return { count: times.length, shortestStep };
}

describe('frame timing is kept', () => {
  it('a clip at 30 fps whose last 2 s run at 60 fps keeps every frame', async () => {
    const file = path.join(work, 'vfr-30-60.mp4');
    await variableRateClip(file, 60, 2, 6, 8);
    const source = await frames(file);
    expect(source.count).toBe(6 * 30 + 2 * 60);

    const rendered = await renderVideo(file, await mkdtemp(path.join(work, 'out-')));
    const output = await frames(rendered.mp4);
    expect(output.count).toBe(source.count);
    expect(output.shortestStep).toBeLessThan(1 / 50);
  });

  it('a slow-motion section at 120 fps is capped at 60 fps, the slower section keeps its own frames', async () => {
    const file = path.join(work, 'vfr-10-120.mp4');
    await variableRateClip(file, 120, 12, 2, 4);
    expect((await frames(file)).count).toBe(2 * 10 + 2 * 120);

    const rendered = await renderVideo(file, await mkdtemp(path.join(work, 'out-')));
    const output = await frames(rendered.mp4);
    // 20 frames of the slow part and 2 s at 60 fps (± one at the edge), none made up in between.
    expect(output.count).toBeGreaterThanOrEqual(20 + 119);
    expect(output.count).toBeLessThanOrEqual(20 + 121);
    expect(output.shortestStep).toBeGreaterThan(1 / 61);
  });

  it('a constant 30 fps clip stays at 30 fps', async () => {
    const file = path.join(work, 'cfr-30.mp4');
    await variableRateClip(file, 30, 1, 0, 3);
    const rendered = await renderVideo(file, await mkdtemp(path.join(work, 'out-')));
    const output = await frames(rendered.mp4);
    expect(output.count).toBe(90);
    expect(output.shortestStep).toBeCloseTo(1 / 30, 3);
  });
});
