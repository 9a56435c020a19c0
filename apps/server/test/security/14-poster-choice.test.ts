/**
 * Issue 14 item 5 (the choice part): a poster a person would pick. Before, the poster was the
 * frame at 1.0 s whatever it showed: a clip that fades in from black got a black poster, the first
 * thing the feed paints. Now the first seconds are looked at (brightness and its spread, four frames
 * a second) and the frame at 1 s is kept only when it looks like the picture; otherwise the first
 * frame that does.
 *
 * Run with the system's ffmpeg (when recent) and, in CI, again with FFMPEG_SOURCE=bundled.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderVideo } from '../../src/modules/videos/process-video.job';
import { choosePosterTime, ffmpegPath } from '../../src/platform/media/ffmpeg';
import { frameColours, type Rgb } from '../fixtures/media';

const run = promisify(execFile);
const luma = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

async function clip(file: string, filters: string): Promise<void> {
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'smptebars=size=320x240:rate=30:duration=5',
    '-vf',
    filters,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
}

describe('the poster is a frame a person would pick', () => {
  it('a clip that is black for its first second and fades in over two gets the picture, not black', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'adreel-poster-'));
    const file = path.join(work, 'fade-in.mp4');
    await clip(file, 'fade=in:st=1:d=2');
    const rendered = await renderVideo(file, work);
    const [poster] = await frameColours(rendered.posterFile);
    // The bars at full brightness: what the clip shows from 3 s on.
    const full = (await frameColours(file)).at(-1);
    expect(luma(poster ?? [0, 0, 0])).toBeGreaterThan(luma(full ?? [0, 0, 0]) * 0.75);
  });

  it('a clip that shows its picture from the start keeps the frame at 1 s', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'adreel-poster-'));
    const file = path.join(work, 'plain.mp4');
    await clip(file, 'null');
    const rendered = await renderVideo(file, work);
    const [poster] = await frameColours(rendered.posterFile);
    expect(luma(poster ?? [0, 0, 0])).toBeGreaterThan(60);
    expect(
      choosePosterTime(
        [0, 0.25, 0.5, 0.75, 1, 1.25].map((atSec) => ({ atSec, mean: 100, spread: 80 })),
        5,
      ),
    ).toBe(1);
  });

  it('skips black, flat and dim fade-in frames, and falls back to the liveliest', () => {
    const frames = [
      { atSec: 0.5, mean: 16, spread: 0 },
      { atSec: 1, mean: 16, spread: 0 },
      { atSec: 1.5, mean: 45, spread: 30 },
      { atSec: 2, mean: 90, spread: 70 },
      { atSec: 2.5, mean: 110, spread: 90 },
    ];
    expect(choosePosterTime(frames, 10)).toBe(2);
    // One flat colour all through: the brightest of them, not an error.
    expect(
      choosePosterTime(
        [
          { atSec: 0, mean: 16, spread: 0 },
          { atSec: 1, mean: 120, spread: 0 },
        ],
        5,
      ),
    ).toBe(1);
    expect(choosePosterTime([], 0.6)).toBeCloseTo(0.3);
  });
});
