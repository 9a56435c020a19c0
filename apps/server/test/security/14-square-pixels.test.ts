/**
 * Issue 14 item 5 (its aspect part): the poster has square pixels and the video's display shape.
 * Before, a source with non-square pixels (SAR 4:3, as some cameras and DV/broadcast exports write)
 * kept them in the rendition, which players widen, while the poster, a WebP with no such notion,
 * showed the stored pixels: squeezed against the video. Now the rendition is made with square
 * pixels at the display shape, and the poster taken from it matches.
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
import { ffmpegPath, ffprobePath } from '../../src/platform/media/ffmpeg';

const run = promisify(execFile);

/** The shape a viewer sees: width × SAR over height. */
async function displayShape(
  file: string,
): Promise<{ width: number; height: number; shape: number }> {
  const { stdout } = await run(ffprobePath(), [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,sample_aspect_ratio',
    '-of',
    'json',
    file,
  ]);
  const [stream] = (
    JSON.parse(stdout) as {
      streams: { width: number; height: number; sample_aspect_ratio?: string }[];
    }
  ).streams;
  if (!stream) throw new Error('no picture');
  const [num, den] = (stream.sample_aspect_ratio ?? '1:1').split(':').map(Number);
  const sar = num && den ? num / den : 1;
  return {
    width: stream.width,
    height: stream.height,
    shape: (stream.width * sar) / stream.height,
  };
}

describe('square pixels', () => {
  it('a 360×480 source with 4:3 pixels (a square picture) gives a square video and a square poster', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'adreel-sar-'));
    const file = path.join(work, 'anamorphic.mp4');
    await run(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=360x480:rate=30:duration=2',
      '-vf',
      'setsar=4/3',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    expect((await displayShape(file)).shape).toBeCloseTo(1, 2);

    const rendered = await renderVideo(file, work);
    const video = await displayShape(rendered.mp4);
    const poster = await displayShape(rendered.posterFile);
    expect(video.shape).toBeCloseTo(1, 2);
    expect(poster.shape).toBeCloseTo(video.shape, 2);
    expect(poster).toMatchObject({ width: video.width, height: video.height });
  });
});
