/**
 * Issue 14 item 4: HDR to SDR. Before, an HDR source (PQ or HLG, 10-bit BT.2020: an iPhone films
 * HLG by default) was transcoded as if its values were BT.709: the video and its poster came out
 * grey and washed out. Now PQ and HLG are tone-mapped to BT.709 8-bit, and SDR sources are left as
 * they are. The sources are made in the test from a known SDR colour, which is the reference.
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
import { ffmpegPath } from '../../src/platform/media/ffmpeg';
import { frameColours, type Rgb } from '../fixtures/media';

const run = promisify(execFile);
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'adreel-hdr-'));
});

/** A brand red, as an SDR (BT.709) picture shows it. */
const RED = '0xC02020';
const RED_RGB: Rgb = [0xc0, 0x20, 0x20];

/**
 * A 10-bit HEVC clip of `colour` converted to `transfer` (PQ or HLG, BT.2020), tagged as a phone
 * tags it; with no transfer, the SDR H.264 original.
 */
async function clip(file: string, transfer?: 'smpte2084' | 'arib-std-b67'): Promise<void> {
  const source = ['-f', 'lavfi', '-i', `color=c=${RED}:size=320x240:rate=30:duration=2`];
  const encode = transfer
    ? [
        '-vf',
        `zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=${transfer}:m=bt2020nc:p=bt2020:r=tv:npl=203,format=yuv420p10le`,
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        `log-level=error:colorprim=bt2020:transfer=${transfer}:colormatrix=bt2020nc`,
        '-color_primaries',
        'bt2020',
        '-color_trc',
        transfer,
        '-colorspace',
        'bt2020nc',
        '-tag:v',
        'hvc1',
      ]
    : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await run(ffmpegPath(), ['-v', 'error', '-y', ...source, ...encode, file]);
}

const distance = (a: Rgb, b: Rgb) =>
  Math.max(...a.map((value, i) => Math.abs(value - (b[i] ?? 0))));

describe('HDR sources are tone-mapped to SDR', () => {
  for (const [name, transfer] of [
    ['PQ (HDR10)', 'smpte2084'],
    ['HLG (an iPhone’s default)', 'arib-std-b67'],
  ] as const) {
    it(`a ${name} clip gives a video and a poster in the colours of the SDR reference`, async () => {
      const file = path.join(work, `${transfer}.mp4`);
      await clip(file, transfer);
      const rendered = await renderVideo(file, await mkdtemp(path.join(work, 'out-')));
      const [frame] = await frameColours(rendered.mp4);
      const [poster] = await frameColours(rendered.posterFile);
      // Washed out, it was about (106, 66, 48); tone-mapped, within a few steps of (192, 32, 32).
      expect(distance(frame ?? [0, 0, 0], RED_RGB)).toBeLessThanOrEqual(16);
      expect(distance(poster ?? [0, 0, 0], RED_RGB)).toBeLessThanOrEqual(16);
    });
  }

  it('an SDR clip keeps its colours', async () => {
    const file = path.join(work, 'sdr.mp4');
    await clip(file);
    const rendered = await renderVideo(file, await mkdtemp(path.join(work, 'out-')));
    const [frame] = await frameColours(rendered.mp4);
    expect(distance(frame ?? [0, 0, 0], RED_RGB)).toBeLessThanOrEqual(4);
  });
});
