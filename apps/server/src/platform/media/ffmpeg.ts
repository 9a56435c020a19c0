/**
 * ffprobe and ffmpeg on uploads (decision 027): the system's pair when recent, the npm packages'
 * otherwise (binaries.ts). Every call reads its input as the one container the bytes were sniffed
 * as, from that one file: no probing of formats, no other protocol, no other file.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, lstat, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileTypeFromFile } from 'file-type';
import { isResourceExhaustion } from '../resource-exhaustion';
import { mediaTools } from './binaries';
import { MAX_FRAME_PIXELS } from './decoding-budget';

const run = promisify(execFile);

/**
 * Encoding below the server's CPU priority (nice 10): x264 would otherwise take every core while it
 * runs and live requests would wait behind it (bench:soak measures the feed while a video
 * transcodes). On an idle machine it runs as fast as before. Set right after the spawn, before
 * ffmpeg starts its encoder threads, which inherit it.
 */
function runBelowRequests(file: string, args: string[], options: Parameters<typeof run>[2]) {
  const pending = run(file, args, options);
  const pid = pending.child.pid;
  if (pid !== undefined) {
    try {
      setPriority(pid, 10);
    } catch {
      // Not allowed here: it runs at normal priority.
    }
  }
  return pending;
}

export const ffprobePath = () => mediaTools().ffprobe.path;
export const ffmpegPath = () => mediaTools().ffmpeg.path;

/** The demuxers an upload may be read with: ISO BMFF/QuickTime, and Matroska (WebM). */
export type Container = 'mov' | 'matroska';

/** The container for a sniffed MIME type (SPEC.md's MP4, WebM, MOV; M4V is MP4). */
export function containerForMime(mime: string): Container | null {
  switch (mime) {
    case 'video/mp4':
    case 'video/quicktime':
    case 'video/x-m4v':
      return 'mov';
    case 'video/webm':
    case 'video/x-matroska':
      return 'matroska';
    default:
      return null;
  }
}

/**
 * What the bytes are (file-type reads them, never the name): the MIME type and its container. A
 * file that cannot be opened for want of descriptors or memory throws (isResourceExhaustion): it is
 * not a file of another type.
 */
export async function sniffVideo(
  file: string,
): Promise<{ mime: string; container: Container } | null> {
  const type = await fileTypeFromFile(file).catch((error: unknown) => {
    if (isResourceExhaustion(error)) throw error;
    return undefined;
  });
  const container = type ? containerForMime(type.mime) : null;
  return type && container ? { mime: type.mime, container } : null;
}

/** The names each container's demuxer answers to (format_whitelist matches any of them). */
const DEMUXER_NAMES: Record<Container, string> = {
  mov: 'mov,mp4,m4a,3gp,3g2,mj2',
  matroska: 'matroska,webm',
};

/**
 * The input options and the input for ffmpeg or ffprobe reading `file` as `container`, and nothing
 * else: the demuxer is named (`-f`), so no probe can take the bytes for an HLS playlist, a concat
 * list or an image sequence; only that demuxer may open (`-format_whitelist`, which nested
 * demuxers inherit); only the file protocol (`-protocol_whitelist file`, and `file:` before the
 * path, so no colon in it reads as a protocol); and QuickTime's references to other files
 * (`-enable_drefs 0`) stay off.
 */
export function containedInput(file: string, container: Container): string[] {
  return [
    '-f',
    container,
    '-format_whitelist',
    DEMUXER_NAMES[container],
    '-protocol_whitelist',
    'file',
    ...(container === 'mov' ? ['-enable_drefs', '0'] : []),
    '-i',
    `file:${path.resolve(file)}`,
  ];
}

/** The HDR transfer functions, as ffprobe and zscale name them. */
export type HdrTransfer = 'smpte2084' | 'arib-std-b67';

function hdrTransfer(value: string | undefined): HdrTransfer | null {
  return value === 'smpte2084' || value === 'arib-std-b67' ? value : null;
}

export interface ProbeResult {
  hasVideo: boolean;
  hasAudio: boolean;
  /**
   * Seconds the file plays, from its packets (the longest of its video and audio streams), never
   * from what the header says; null when it has no timed video packets.
   */
  durationSec: number | null;
  /** How far the first video stream runs, from the start of the file's timeline. */
  videoSec: number | null;
  /** How far the first audio stream runs (null without audio). */
  audioSec: number | null;
  /** The video's fastest frame rate anywhere in the clip (frames per second), when it has frames. */
  maxFrameRate: number | null;
  /**
   * Frames in the clip's busiest second (in a clip shorter than a second, its frames over its
   * length): what decoding it costs per second, robust to a variable-rate clip's jitter, where
   * maxFrameRate, from the shortest step between two frames, is not (decision 037).
   */
  peakFrameRate: number | null;
  /** How many video frames (packets) the clip has. */
  frames: number | null;
  /** High dynamic range video: PQ (HDR10, Dolby Vision's base) or HLG (an iPhone's default). */
  hdr: HdrTransfer | null;
  width: number | null;
  height: number | null;
}

interface FfprobeOutput {
  streams?: {
    index?: number;
    codec_type?: string;
    time_base?: string;
    color_transfer?: string;
    width?: number;
    height?: number;
  }[];
  packets?: {
    stream_index?: number;
    pts?: number;
    dts?: number;
    duration?: number;
    flags?: string;
  }[];
}

const UNREADABLE: ProbeResult = {
  hasVideo: false,
  hasAudio: false,
  durationSec: null,
  videoSec: null,
  audioSec: null,
  maxFrameRate: null,
  peakFrameRate: null,
  frames: null,
  hdr: null,
  width: null,
  height: null,
};

function timeBase(value: string | undefined): number | null {
  const [num, den] = (value ?? '').split('/').map(Number);
  return num && den && Number.isFinite(num / den) ? num / den : null;
}

interface StreamSpan {
  start: number;
  end: number;
  /** Every packet's time (seconds), for the frame rate. */
  times: number[];
}

/** First and last instants (seconds) of each stream's packets; discarded ones (priming) left out. */
function streamSpans(output: FfprobeOutput): Map<number, StreamSpan> {
  const bases = new Map<number, number>();
  for (const stream of output.streams ?? []) {
    const base = timeBase(stream.time_base);
    if (stream.index !== undefined && base !== null) bases.set(stream.index, base);
  }
  const spans = new Map<number, StreamSpan>();
  for (const packet of output.packets ?? []) {
    if (packet.stream_index === undefined || packet.flags?.includes('D')) continue;
    const base = bases.get(packet.stream_index);
    const at = packet.pts ?? packet.dts;
    if (base === undefined || at === undefined) continue;
    const start = at * base;
    const end = (at + Math.max(0, packet.duration ?? 0)) * base;
    const span = spans.get(packet.stream_index);
    if (!span) spans.set(packet.stream_index, { start, end, times: [start] });
    else {
      span.start = Math.min(span.start, start);
      span.end = Math.max(span.end, end);
      span.times.push(start);
    }
  }
  return spans;
}

/**
 * The fastest rate the frames come at anywhere in the stream (from the shortest step between
 * consecutive frames), which a variable-rate phone clip's header does not say; null for one frame.
 */
function fastestFrameRate(times: number[]): number | null {
  const sorted = [...times].sort((a, b) => a - b);
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < sorted.length; i += 1) {
    const step = (sorted[i] ?? 0) - (sorted[i - 1] ?? 0);
    if (step > 1e-6 && step < shortest) shortest = step;
  }
  return Number.isFinite(shortest) ? 1 / shortest : null;
}

/**
 * The frames in the busiest second of a stream (`times`, seconds; `lengthSec`, how long it runs):
 * the most frames in any one-second window starting at a frame; for a stream shorter than a
 * second, its frames over its length.
 */
export function busiestSecondRate(times: number[], lengthSec: number | null): number | null {
  if (times.length === 0) return null;
  if (lengthSec !== null && lengthSec > 0 && lengthSec < 1) return times.length / lengthSec;
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start += 1) {
    const from = sorted[start] ?? 0;
    while (end < sorted.length && (sorted[end] ?? 0) < from + 1 - 1e-9) end += 1;
    most = Math.max(most, end - start);
  }
  return most;
}

/**
 * What ffprobe finds in a file read as `container`: its streams, and how long they really run,
 * measured on every packet (demuxing only, no decoding: well under a second for 100 MB). A header
 * may claim anything; the packets are what a player plays. A file it cannot read gives no video;
 * an ffprobe that cannot run (no descriptors, processes or memory left, decision 037) throws, so
 * the machine's trouble is not taken for a broken file.
 */
export async function probe(file: string, container: Container): Promise<ProbeResult> {
  let output: FfprobeOutput;
  try {
    const { stdout } = await run(
      ffprobePath(),
      [
        '-v',
        'error',
        ...containedInput(file, container),
        '-show_entries',
        'stream=index,codec_type,time_base,width,height,color_transfer:packet=stream_index,pts,dts,duration,flags',
        '-print_format',
        'json',
      ],
      { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    output = JSON.parse(stdout) as FfprobeOutput;
  } catch (error) {
    if (isResourceExhaustion(error)) throw error;
    return UNREADABLE;
  }
  const streams = output.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const spans = streamSpans(output);
  const videoSpan = video?.index === undefined ? undefined : spans.get(video.index);
  const audioSpan = audio?.index === undefined ? undefined : spans.get(audio.index);
  // The timeline starts at the earliest packet, or at 0 when a stream starts before it (an
  // encoder's delay, Opus pre-skip): a player shows nothing before 0.
  const starts = [videoSpan, audioSpan].flatMap((span) => (span ? [span.start] : []));
  const origin = Math.max(0, Math.min(...starts));
  const length = (span: { end: number } | undefined) =>
    span && span.end - origin > 0 ? span.end - origin : null;
  const videoSec = length(videoSpan);
  const audioSec = length(audioSpan);
  return {
    hasVideo: video !== undefined,
    hasAudio: audio !== undefined,
    durationSec: videoSec === null ? null : Math.max(videoSec, audioSec ?? 0),
    videoSec,
    audioSec,
    maxFrameRate: videoSpan ? fastestFrameRate(videoSpan.times) : null,
    peakFrameRate: videoSpan ? busiestSecondRate(videoSpan.times, videoSec) : null,
    frames: videoSpan ? videoSpan.times.length : null,
    hdr: hdrTransfer(video?.color_transfer),
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}

/**
 * Square pixels first (a source with non-square ones, SAR 4:3 say, is widened to its display shape,
 * so the poster, a picture with no SAR, looks like the video; an absurd SAR is held to 8192 wide),
 * then within 720×1280, aspect kept, even sides (and square pixels still: the scale filter would
 * otherwise make up for rounding a side with a SAR such as 404:405, and the poster would lose two
 * pixels of width to it): the size of the rendition and of its poster.
 */
const RENDITION_SIZE =
  "scale='if(eq(sar,1),iw,max(2,min(8192,trunc(iw*sar/2)*2)))':ih,setsar=1,scale='min(720,iw)':'min(1280,ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2,setsar=1";

export interface TranscodeOptions {
  /** How the upload was sniffed: the only demuxer its bytes are read with. */
  container: Container;
  hasAudio: boolean;
  /** Where the rendition ends at the latest (`-t`), whatever the source's packets say. */
  maxSeconds: number;
  /** The source's fastest frame rate (probe's maxFrameRate), null when unknown. */
  maxFrameRate: number | null;
  /** The source's HDR transfer (probe's hdr): tone-mapped to SDR. */
  hdr: HdrTransfer | null;
  /** How long the source plays (probe's durationSec): what the progress is a fraction of. */
  durationSec?: number | null;
  /** Told the fraction done (0–1) as ffmpeg encodes, about twice a second (`-progress`). */
  onProgress?: (fraction: number) => void;
  /** When ffmpeg is stopped (transcodeTimeoutMs of the source); 10 minutes when not given. */
  timeoutMs?: number;
}

/**
 * The fractions done in a chunk of ffmpeg's `-progress` output (`out_time_us=` lines, microseconds
 * of output written; `out_time_ms`, its older name, counts microseconds too), of `totalSec`.
 */
export function progressFractions(text: string, totalSec: number): number[] {
  if (!(totalSec > 0)) return [];
  const fractions: number[] = [];
  for (const match of text.matchAll(/^out_time_(?:us|ms)=(\d+)\s*$/gm)) {
    fractions.push(Math.min(1, Number(match[1]) / 1e6 / totalSec));
  }
  return fractions;
}

/**
 * HDR to SDR (issue 14 item 4), the reference: after the picture is down to the rendition's size (a
 * quarter of the work at 1080×1920), from the source's transfer (PQ or HLG, BT.2020) to linear
 * light with HDR's reference white (203 nits, BT.2408: where HLG's 75 % and SDR's 100 % meet) as
 * 1.0, in BT.709 primaries; Möbius tone-mapping (darker colours stay as they are, what is brighter
 * than the reference white is rolled off; Hable darkens everything); then BT.709 8-bit. SDR sources
 * are untouched. `zscale` and `tonemap` work in floating point, one pixel at a time: about 14 CPU
 * seconds for 30 s at 720×1280, so the rendition runs the same mapping from a 3D LUT made from this
 * chain (toneMapFilter); this chain is what the LUT is checked against.
 */
export function referenceToneMap(hdr: HdrTransfer): string {
  return [
    'format=yuv420p10le',
    `zscale=tin=${hdr}:min=bt2020nc:pin=bt2020:rin=tv:t=linear:npl=203:p=bt709`,
    'format=gbrpf32le',
    'tonemap=tonemap=mobius:desat=0',
    'zscale=t=bt709:m=bt709:r=tv',
    'format=yuv420p',
  ].join(',');
}

/** Points per side of the tone-mapping LUT (33³, the usual size; 64 measured no closer). */
export const TONE_MAP_LUT_SIZE = 33;

/**
 * The reference tone-map on the LUT's lattice: R'G'B' in BT.2020 coded in the source's transfer
 * (full range, floats) through the same zscale → linear → Möbius → BT.709 steps, written as the
 * BT.709 tv-range Y'CbCr the reference would store (16-bit), and read back as the R'G'B' a player
 * shows from it: the reference keeps colours outside BT.709 as Y'CbCr that a player clips, and so
 * does the LUT.
 */
function lutLatticeChain(hdr: HdrTransfer): string {
  return [
    `zscale=tin=${hdr}:pin=bt2020:rin=full:t=linear:npl=203:p=bt709`,
    'format=gbrpf32le',
    'tonemap=tonemap=mobius:desat=0',
    'zscale=t=bt709:p=bt709:m=bt709:r=tv',
    'format=yuv444p16le',
    'zscale=tin=bt709:t=bt709:pin=bt709:p=bt709:min=bt709:rin=tv:r=full',
    'format=gbrpf32le',
  ].join(',');
}

/**
 * A file name ffmpeg's filter syntax can take as it is (no quoting levels to get wrong): a LUT
 * under any other path is not used, and the reference chain runs instead.
 */
const PLAIN_PATH = /^[\w./-]+$/;

/**
 * The rendition's tone-mapping from a LUT (issue 14 item 10: the reference chain alone kept an HDR
 * clip over 0.5× its length on two cores): zimg takes the resized BT.2020 Y'CbCr to 16-bit R'G'B'
 * without changing its transfer (swscale does it for less, but up to 1.4 % off, which the roll-off
 * turns into visible shifts), `lut3d` (tetrahedral, slice-threaded, SIMD for 16-bit planar since
 * ffmpeg 5) maps it as the reference does, and zimg writes BT.709 tv-range 8-bit.
 */
export function toneMapFilter(hdr: HdrTransfer, lutFile: string): string {
  return [
    `zscale=tin=${hdr}:t=${hdr}:pin=bt2020:p=bt2020:min=bt2020nc:rin=tv:r=full`,
    'format=gbrp16le',
    `lut3d=file=${lutFile}:interp=tetrahedral`,
    'zscale=tin=bt709:t=bt709:pin=bt709:p=bt709:m=bt709:r=tv',
    'format=yuv420p',
  ].join(',');
}

/** The `.cube` text for a lattice's mapped values (planar G, B, R floats; red runs fastest). */
export function cubeText(size: number, mapped: Buffer): string {
  const count = size ** 3;
  const plane = (index: number) =>
    new Float32Array(mapped.buffer, mapped.byteOffset + index * count * 4, count);
  const [g, b, r] = [plane(0), plane(1), plane(2)];
  const value = (v: number | undefined) => Math.min(1, Math.max(0, v ?? 0)).toFixed(6);
  const lines = [`LUT_3D_SIZE ${size}`];
  for (let i = 0; i < count; i += 1) lines.push(`${value(r[i])} ${value(g[i])} ${value(b[i])}`);
  return `${lines.join('\n')}\n`;
}

/** The identity lattice, planar G, B, R floats (gbrpf32le), red running fastest. */
function latticeFrame(size: number): Buffer {
  const count = size ** 3;
  const [g, b, r] = [new Float32Array(count), new Float32Array(count), new Float32Array(count)];
  let i = 0;
  for (let bi = 0; bi < size; bi += 1) {
    for (let gi = 0; gi < size; gi += 1) {
      for (let ri = 0; ri < size; ri += 1) {
        r[i] = ri / (size - 1);
        g[i] = gi / (size - 1);
        b[i] = bi / (size - 1);
        i += 1;
      }
    }
  }
  return Buffer.concat([g, b, r].map((plane) => Buffer.from(plane.buffer)));
}

/** Changes when the way a LUT is written changes, so no older file is taken for a newer one. */
const LUT_FORMAT = 'cube-1';

let lutDir: Promise<string> | null = null;

/**
 * Where the LUTs are kept: `adreel-tone-maps-<uid>` under the system's temporary directory, shared
 * by this user's processes (a restart finds its LUTs made), used only if it is a directory of this
 * user's that no one else may write to; otherwise a new private one for this process.
 */
async function toneMapDir(): Promise<string> {
  const uid = process.getuid?.() ?? 0;
  const dir = path.join(tmpdir(), `adreel-tone-maps-${uid}`);
  try {
    await mkdir(dir, { mode: 0o700 });
  } catch {
    // Already there: checked below.
  }
  const stats = await lstat(dir).catch(() => null);
  if (stats?.isDirectory() && stats.uid === uid && (stats.mode & 0o022) === 0) return dir;
  return mkdtemp(path.join(tmpdir(), 'adreel-tone-maps-'));
}
const luts = new Map<string, Promise<string>>();

/**
 * Makes the LUT for `hdr` with the ffmpeg that runs (a fraction of a second, once per transfer:
 * the file is named after the chain, the ffmpeg and its version, and kept for later processes;
 * toneMapDir)
 */
async function buildLut(hdr: HdrTransfer, file: string): Promise<string> {
  const size = TONE_MAP_LUT_SIZE;
  const lattice = `${file}.${process.pid}.lattice`;
  await writeFile(lattice, latticeFrame(size));
  try {
    const { stdout } = await run(
      ffmpegPath(),
      [
        '-v',
        'error',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'gbrpf32le',
        '-s',
        `${size * size}x${size}`,
        '-i',
        `file:${lattice}`,
        '-vf',
        lutLatticeChain(hdr),
        '-f',
        'rawvideo',
        '-pix_fmt',
        'gbrpf32le',
        'pipe:1',
      ],
      { encoding: 'buffer', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    if (stdout.length !== size ** 3 * 12) throw new Error('tone-map LUT: unexpected output size');
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, cubeText(size, stdout));
    await rename(partial, file);
    return file;
  } finally {
    await rm(lattice, { force: true });
  }
}

/** The tone-mapping LUT's file for `hdr`, made on first use (toneMapFilter). */
export async function toneMapLut(hdr: HdrTransfer): Promise<string> {
  const tools = mediaTools().ffmpeg;
  const key = createHash('sha256')
    .update(
      [LUT_FORMAT, tools.path, tools.version, lutLatticeChain(hdr), TONE_MAP_LUT_SIZE].join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  lutDir ??= toneMapDir();
  const file = path.join(await lutDir, `${hdr}-${key}.cube`);
  const exists = (name: string) =>
    access(name).then(
      () => true,
      () => false,
    );
  // One making at a time per process; a file another process made (renamed into place whole) is
  // taken as it is; one that has gone (a cleaned temporary directory) is made again.
  const known = luts.get(key);
  const ready = known ? await known.catch(() => null) : (await exists(file)) ? file : null;
  if (ready && (await exists(ready))) return ready;
  const making = buildLut(hdr, file);
  luts.set(key, making);
  making.catch(() => luts.delete(key));
  return making;
}

/**
 * The rendition's filters: its size, and for an HDR source the tone-mapping to SDR, from the LUT
 * (the reference chain when the LUT cannot be had).
 */
export async function renditionFilter(hdr: HdrTransfer | null): Promise<string> {
  if (!hdr) return RENDITION_SIZE;
  const lut = await toneMapLut(hdr).catch(() => null);
  return lut && PLAIN_PATH.test(lut)
    ? `${RENDITION_SIZE},${toneMapFilter(hdr, lut)}`
    : `${RENDITION_SIZE},${referenceToneMap(hdr)}`;
}

/** An SDR rendition says so (BT.709), where the HDR source said BT.2020 and PQ/HLG. */
const SDR_TAGS = ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'];

/**
 * x264's motion search for HDR sources only (issue 14 item 10, decision 027, a product call): the
 * diamond search and one step of subpixel refinement (`me=dia:subme=1`) instead of veryfast's
 * hexagon and two, the rest of veryfast as it is. Tone-mapping costs about 10 CPU-s more than an
 * SDR clip's processing for 30 s at 720×1280; this takes back about 30 % of x264's time (about
 * 2.8 CPU-s). Measured on the tone-mapped bench clip at the same CRF: SSIM the same or a little
 * higher (0.9913 against 0.9912), the file about 14 % larger (still under the 2.5 Mbit/s cap).
 * SDR sources keep veryfast as it is.
 */
export const HDR_X264_PARAMS = ['-x264-params', 'me=dia:subme=1'];

/** The most frames a second a rendition keeps: a phone's slow-motion 120/240 fps is halved or more. */
export const MAX_RENDITION_FPS = 60;

/**
 * Frame timing (issue 14 item 6): each frame keeps its own time (`vfr`), on a clock as fine as the
 * source's fastest section (a rate the header, which a variable-rate clip's is not, cannot cut
 * down), at most MAX_RENDITION_FPS; a constant-rate clip keeps its rate. `-fps_mode` from ffmpeg 6,
 * `-vsync` (its older name) before.
 */
export function frameTimingArgs(maxFrameRate: number | null, ffmpegMajor: number | null): string[] {
  const mode = ffmpegMajor !== null && ffmpegMajor >= 6 ? '-fps_mode' : '-vsync';
  if (maxFrameRate === null) return [mode, 'vfr'];
  // 29.97 → 30, 30 → 30 (float noise), 59.94 → 60.
  const rate = Math.min(MAX_RENDITION_FPS, Math.max(1, Math.ceil(maxFrameRate - 0.01)));
  return [mode, 'vfr', '-r', String(rate)];
}

/**
 * H.264/AAC MP4 fitting within 720×1280 (aspect kept, even sides), `+faststart` so playback starts
 * before the whole file has arrived, cut at `maxSeconds`. A silent source gets a silent AAC track,
 * so every file has one.
 */
export async function transcode(
  input: string,
  output: string,
  {
    container,
    hasAudio,
    maxSeconds,
    maxFrameRate,
    hdr,
    durationSec,
    onProgress,
    timeoutMs,
  }: TranscodeOptions,
): Promise<void> {
  const audioInput = hasAudio
    ? []
    : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=44100'];
  const maps = hasAudio
    ? ['-map', '0:v:0', '-map', '0:a:0']
    : ['-map', '0:v:0', '-map', '1:a:0', '-shortest'];
  const pending = runBelowRequests(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-y',
      // Progress as key=value lines on stdout (issue 14 item 8), the stderr stats line off.
      ...(onProgress ? ['-progress', 'pipe:1', '-nostats'] : []),
      // The decoder refuses a frame larger than the budget allows (decision 037), even one whose
      // size changes mid-stream past what the probe read from the stream's header.
      '-max_pixels',
      String(MAX_FRAME_PIXELS),
      ...containedInput(input, container),
      ...audioInput,
      ...maps,
      '-t',
      String(maxSeconds),
      '-vf',
      await renditionFilter(hdr),
      ...(hdr ? SDR_TAGS : []),
      ...frameTimingArgs(maxFrameRate, mediaTools().ffmpeg.major),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      ...(hdr ? HDR_X264_PARAMS : []),
      '-crf',
      '23',
      ...KEYFRAME_ARGS,
      // Capped so a busy picture cannot make a file phones struggle to fetch on the move: about
      // what short-video apps send at 720p.
      '-maxrate',
      '2500k',
      '-bufsize',
      '5000k',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    { timeout: timeoutMs ?? 10 * 60_000, maxBuffer: 4 * 1024 * 1024 },
  );
  const totalSec = Math.min(maxSeconds, durationSec ?? maxSeconds);
  if (onProgress) {
    let partial = '';
    pending.child.stdout?.on('data', (chunk: Buffer | string) => {
      const lines = (partial + String(chunk)).split('\n');
      partial = lines.pop() ?? '';
      for (const fraction of progressFractions(lines.join('\n'), totalSec)) onProgress(fraction);
    });
  }
  await pending;
}

/** Posters are WebP: about 40 % of a JPEG of the same look, and every current browser shows them. */
export const POSTER_EXT = 'webp';

/**
 * ffmpeg's arguments for a poster from a rendition (an MP4 of ours): one frame at `atSec`, at the size the rendition is shown (never
 * the original's), WebP at quality 60. It is the first thing the feed paints (its largest
 * contentful paint), so every kilobyte counts on a phone.
 */
export function posterArgs(input: string, output: string, atSec: number): string[] {
  return [
    '-v',
    'error',
    '-y',
    '-ss',
    atSec.toFixed(2),
    ...containedInput(input, 'mov'),
    '-frames:v',
    '1',
    '-vf',
    RENDITION_SIZE,
    '-c:v',
    'libwebp',
    '-quality',
    '60',
    '-f',
    'webp',
    output,
  ];
}

/** How a sampled frame looks: its mean brightness and the spread of its brightness (8-bit luma). */
export interface FrameLook {
  atSec: number;
  /** Mean luma (16 is black in the video range). */
  mean: number;
  /** 90th minus 10th percentile of luma: near 0 for a uniform picture. */
  spread: number;
}

/**
 * A frame a person would pick among `frames`: not black, not one flat colour (a fade's start, a
 * title card), and not a dim step of a fade-in when the picture it fades to is among them.
 */
export function picturesAmong(frames: FrameLook[]): FrameLook[] {
  const brightest = Math.max(0, ...frames.map((frame) => frame.mean));
  const liveliest = Math.max(0, ...frames.map((frame) => frame.spread));
  return frames.filter(
    (frame) =>
      frame.mean >= Math.max(40, brightest * 0.75) && frame.spread >= Math.max(16, liveliest / 2),
  );
}

/** The frames `signalstats` describes in ffmpeg's log (`metadata=mode=print`). */
export function parseFrameLooks(log: string): FrameLook[] {
  const frames: FrameLook[] = [];
  for (const block of log.split(/pts_time:/).slice(1)) {
    const atSec = Number.parseFloat(block);
    const value = (key: string) =>
      Number.parseFloat(
        new RegExp(`lavfi\\.signalstats\\.${key}=([\\d.]+)`).exec(block)?.[1] ?? '',
      );
    const [mean, low, high] = [value('YAVG'), value('YLOW'), value('YHIGH')];
    if ([atSec, mean, low, high].every(Number.isFinite)) {
      frames.push({ atSec, mean, spread: high - low });
    }
  }
  return frames;
}

/**
 * When to take the poster (issue 14 item 5): the frame at 1 s, as before, when it looks like a
 * picture; otherwise the first later one of the first six seconds that does (a fade-in's black start
 * is skipped), else the last earlier one, else the liveliest frame seen. Four frames a second are
 * looked at, small: a fraction of a second on the rendition.
 */
export function choosePosterTime(frames: FrameLook[], durationSec: number): number {
  const preferred = Math.min(1, durationSec / 2);
  const good = picturesAmong(frames);
  const later = good.find((frame) => frame.atSec >= preferred - 0.01);
  if (later) return later.atSec;
  const earlier = good.at(-1);
  if (earlier) return earlier.atSec;
  const liveliest = [...frames].sort((a, b) => b.spread + b.mean / 4 - (a.spread + a.mean / 4))[0];
  return liveliest?.atSec ?? preferred;
}

/** How the first seconds of a rendition (an MP4 of ours) look, four frames a second. */
async function firstSecondsLook(input: string, durationSec: number): Promise<FrameLook[]> {
  try {
    const { stderr } = await runBelowRequests(
      ffmpegPath(),
      [
        '-hide_banner',
        '-nostats',
        '-v',
        'info',
        ...containedInput(input, 'mov'),
        '-t',
        Math.min(6, durationSec).toFixed(2),
        '-an',
        '-vf',
        'fps=4,scale=160:-2,signalstats,metadata=mode=print',
        '-f',
        'null',
        '-',
      ],
      { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 },
    );
    return parseFrameLooks(String(stderr));
  } catch {
    return [];
  }
}

/** The poster: the frame a person would pick from the first seconds (choosePosterTime). */
export async function poster(input: string, output: string, durationSec: number): Promise<void> {
  const atSec = choosePosterTime(await firstSecondsLook(input, durationSec), durationSec);
  await runBelowRequests(ffmpegPath(), posterArgs(input, output, atSec), { timeout: 60_000 });
}

/**
 * Keyframes every two seconds in every rendition (issue 20: the same keyframe interval on each
 * rung), by time, so a variable-rate clip gets them at the same instants as a constant-rate one.
 */
export const KEYFRAME_ARGS = ['-force_key_frames', 'expr:gte(t,n_forced*2)'];

/** A rung of the rendition ladder (issue 20, decision 033): the box it fits in and its bit rates. */
export interface LadderRung {
  /** The rung's name as the API gives it: its box's short side (360p, 540p, 720p). */
  name: '360p' | '540p' | '720p';
  /** The box (portrait) the picture fits within, aspect kept. */
  width: number;
  height: number;
  /** x264's cap (kbit/s) and its buffer; CRF 23 under it. */
  maxrateKbps: number;
  /** AAC bit rate (kbit/s). */
  audioKbps: number;
}

/**
 * The ladder, lowest first. 720p is the rendition every video has had (transcode); the lower rungs
 * are made from it (makeLowerRungs).
 */
export const LADDER: readonly LadderRung[] = [
  { name: '360p', width: 360, height: 640, maxrateKbps: 600, audioKbps: 64 },
  { name: '540p', width: 540, height: 960, maxrateKbps: 1200, audioKbps: 96 },
  { name: '720p', width: 720, height: 1280, maxrateKbps: 2500, audioKbps: 128 },
];

/**
 * The lower rungs a rendition of `width`×`height` gets: those whose box makes it smaller (a clip
 * filmed at 480×854 has a 360p rung and no 540p one; the top rendition is always the last rung).
 */
export function lowerRungsFor(width: number, height: number): LadderRung[] {
  return LADDER.filter(
    (rung) => rung.name !== '720p' && (width > rung.width || height > rung.height),
  );
}

/** The size `width`×`height` takes within a rung's box: aspect kept, even sides, never larger. */
export function rungSize(rung: LadderRung, width: number, height: number): [number, number] {
  const factor = Math.min(1, rung.width / width, rung.height / height);
  const even = (value: number) => Math.max(2, Math.floor((value * factor) / 2 + 1e-9) * 2);
  return [even(width), even(height)];
}

/**
 * ffmpeg's arguments for the lower rungs, made in one run from our top rendition (an 8-bit H.264
 * MP4 already SDR, square pixels, on its own frame clock): decoded once, scaled per rung, H.264
 * (veryfast, CRF 23 under each rung's cap) with the same keyframes, AAC at the rung's rate,
 * `+faststart`. Each frame keeps its time (passthrough), and the colour tags are the rendition's.
 */
export function lowerRungsArgs(
  input: string,
  outputs: { rung: LadderRung; file: string; width: number; height: number }[],
  ffmpegMajor: number | null,
): string[] {
  const split = `[0:v]split=${outputs.length}${outputs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = outputs.map(
    ({ width, height }, i) => `[s${i}]scale=${width}:${height}:flags=bicubic,setsar=1[v${i}]`,
  );
  const timing = ffmpegMajor !== null && ffmpegMajor >= 6 ? '-fps_mode' : '-vsync';
  return [
    '-v',
    'error',
    '-y',
    ...containedInput(input, 'mov'),
    '-filter_complex',
    [split, ...scales].join(';'),
    ...outputs.flatMap(({ rung, file }, i) => [
      '-map',
      `[v${i}]`,
      '-map',
      '0:a:0?',
      timing,
      'passthrough',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-maxrate',
      `${rung.maxrateKbps}k`,
      '-bufsize',
      `${rung.maxrateKbps * 2}k`,
      ...KEYFRAME_ARGS,
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      `${rung.audioKbps}k`,
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      file,
    ]),
  ];
}

/** One made rung: its file, size, and the bit rate it came out at (bits over its duration). */
export interface MadeRung {
  rung: LadderRung;
  file: string;
  width: number;
  height: number;
}

/**
 * How long the lower rungs of `durationSec` of our rendition may take: a minute, plus 4 s per second
 * (about 11 CPU-s for 30 s, decision 033); 3 minutes for a 30 s clip, where it was 10 for any.
 */
export function lowerRungsTimeoutMs(durationSec: number | null): number {
  // Whole milliseconds: child_process refuses a fractional timeout (a 20.015 s clip's).
  return Math.ceil(60_000 + 4_000 * Math.min(30, Math.max(0, durationSec ?? 30)));
}

/**
 * The lower rungs of the ladder from a top rendition of `width`×`height` (ours, 720p or smaller),
 * written into `work`: 360p and 540p where they make it smaller; none for a small video.
 */
export async function makeLowerRungs(
  input: string,
  work: string,
  width: number,
  height: number,
  durationSec: number | null = null,
): Promise<MadeRung[]> {
  const outputs = lowerRungsFor(width, height).map((rung) => {
    const [w, h] = rungSize(rung, width, height);
    return { rung, file: path.join(work, `${rung.name}.mp4`), width: w, height: h };
  });
  if (outputs.length === 0) return [];
  await runBelowRequests(ffmpegPath(), lowerRungsArgs(input, outputs, mediaTools().ffmpeg.major), {
    timeout: lowerRungsTimeoutMs(durationSec),
    maxBuffer: 4 * 1024 * 1024,
  });
  return outputs;
}
