/**
 * Issue 14 item 4: HDR to SDR. Before, an HDR source (PQ or HLG, 10-bit BT.2020: an iPhone films
 * HLG by default) was transcoded as if its values were BT.709: the video and its poster came out
 * grey and washed out. Now PQ and HLG are tone-mapped to BT.709 8-bit, and SDR sources are left as
 * they are. The sources are made in the test from a known SDR colour, which is the reference.
 *
 * Run with the system's ffmpeg (when recent) and, in CI, again with FFMPEG_SOURCE=bundled.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderVideo } from '../../src/modules/videos/process-video.job';
import {
  ffmpegPath,
  referenceToneMap,
  toneMapFilter,
  toneMapLut,
} from '../../src/platform/media/ffmpeg';
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

/**
 * The rendition tone-maps through a LUT made from the reference chain (issue 14 item 10: the chain
 * alone was too slow). Every colour of BT.2020 in steps of 1/16 per channel (4,913 flat 8×8
 * patches, so 4:2:0 chroma is exact at their centres), coded in PQ and in HLG, goes through both,
 * and the pictures a player shows are compared at each patch's centre (CIE 1976 ΔE in Lab).
 * Measured: mean 0.6 (HLG) and 0.7 (PQ), 95th percentile under 2, the worst about 6 (BT.2020's
 * purest greens, far outside BT.709). A LUT fed by swscale's R'G'B' instead of zimg's was at 2.8
 * mean and 19 at worst.
 */
describe('the LUT tone-map stays within a few ΔE of the reference chain', () => {
  const LEVELS = 17;
  const PATCH = 8;
  const COLUMNS = 64;
  const patches = LEVELS ** 3;
  const width = COLUMNS * PATCH;
  const height = Math.ceil(patches / COLUMNS) * PATCH;

  /** The patches as planar G, B, R floats (gbrpf32le), red running fastest. */
  function patchFrame(): Buffer {
    const planes = [0, 1, 2].map(() => new Float32Array(width * height));
    for (let i = 0; i < patches; i += 1) {
      const rgb = [i % LEVELS, Math.floor(i / LEVELS) % LEVELS, Math.floor(i / LEVELS ** 2)].map(
        (step) => step / (LEVELS - 1),
      );
      const [x0, y0] = [(i % COLUMNS) * PATCH, Math.floor(i / COLUMNS) * PATCH];
      for (let y = y0; y < y0 + PATCH; y += 1) {
        for (let x = x0; x < x0 + PATCH; x += 1) {
          // gbrp: G, B, R planes.
          (planes[0] as Float32Array)[y * width + x] = rgb[1] ?? 0;
          (planes[1] as Float32Array)[y * width + x] = rgb[2] ?? 0;
          (planes[2] as Float32Array)[y * width + x] = rgb[0] ?? 0;
        }
      }
    }
    return Buffer.concat(planes.map((plane) => Buffer.from(plane.buffer)));
  }

  const raw = (pixFmt: string) => [
    '-f',
    'rawvideo',
    '-pix_fmt',
    pixFmt,
    '-s',
    `${width}x${height}`,
  ];

  /** The R'G'B' (8-bit, packed) a player shows for a BT.709 tv-range yuv420p frame. */
  async function shown(yuv: string, rgb: string): Promise<Buffer> {
    await run(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      ...raw('yuv420p'),
      '-i',
      `file:${yuv}`,
      '-vf',
      'zscale=tin=bt709:t=bt709:pin=bt709:p=bt709:min=bt709:m=bt709:rin=tv:r=full,format=gbrp',
      ...raw('rgb24'),
      `file:${rgb}`,
    ]);
    return readFile(rgb);
  }

  function lab([r, g, b]: Rgb): [number, number, number] {
    const linear = (v: number) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
    const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.9505;
    const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.089;
    const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
  }

  for (const transfer of ['smpte2084', 'arib-std-b67'] as const) {
    it(`${transfer}: mean ΔE ≤ 1, 95 % of colours ≤ 2.5, none over 8`, async () => {
      const dir = await mkdtemp(path.join(work, `lut-${transfer}-`));
      const at = (name: string) => path.join(dir, name);
      await writeFile(at('patches.raw'), patchFrame());
      // The patches as a phone stores them: 10-bit BT.2020 tv-range 4:2:0, in `transfer`.
      await run(ffmpegPath(), [
        '-v',
        'error',
        ...raw('gbrpf32le'),
        '-i',
        `file:${at('patches.raw')}`,
        '-vf',
        `zscale=tin=${transfer}:t=${transfer}:pin=bt2020:p=bt2020:m=bt2020nc:r=tv,format=yuv420p10le`,
        ...raw('yuv420p10le'),
        `file:${at('source.yuv')}`,
      ]);
      const lut = await toneMapLut(transfer);
      for (const [name, filter] of [
        ['reference', referenceToneMap(transfer)],
        ['lut', toneMapFilter(transfer, lut)],
      ] as const) {
        await run(ffmpegPath(), [
          '-v',
          'error',
          ...raw('yuv420p10le'),
          '-i',
          `file:${at('source.yuv')}`,
          '-vf',
          filter,
          ...raw('yuv420p'),
          `file:${at(`${name}.yuv`)}`,
        ]);
      }
      const reference = await shown(at('reference.yuv'), at('reference.rgb'));
      const mapped = await shown(at('lut.yuv'), at('lut.rgb'));
      const deltas: number[] = [];
      for (let i = 0; i < patches; i += 1) {
        const x = (i % COLUMNS) * PATCH + PATCH / 2;
        const y = Math.floor(i / COLUMNS) * PATCH + PATCH / 2;
        const offset = (y * width + x) * 3;
        const pixel = (frame: Buffer): Rgb => [
          frame[offset] ?? 0,
          frame[offset + 1] ?? 0,
          frame[offset + 2] ?? 0,
        ];
        const [a, b] = [lab(pixel(reference)), lab(pixel(mapped))];
        deltas.push(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
      }
      deltas.sort((p, q) => p - q);
      const mean = deltas.reduce((sum, d) => sum + d, 0) / deltas.length;
      const p95 = deltas[Math.floor(deltas.length * 0.95)] ?? 0;
      const worst = deltas.at(-1) ?? 0;
      console.log(
        `${transfer}: ΔE mean ${mean.toFixed(2)} p95 ${p95.toFixed(2)} max ${worst.toFixed(2)}`,
      );
      expect(mean).toBeLessThanOrEqual(1);
      expect(p95).toBeLessThanOrEqual(2.5);
      expect(worst).toBeLessThanOrEqual(8);
    });
  }
});
