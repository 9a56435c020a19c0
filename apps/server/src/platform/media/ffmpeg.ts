/**
 * ffprobe and ffmpeg from npm packages that ship the binaries (@ffprobe-installer, @ffmpeg-installer);
 * FFPROBE_PATH and FFMPEG_PATH override them.
 */
import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { promisify } from 'node:util';

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
const require = createRequire(import.meta.url);

const checked = new Set<string>();

function binary(envName: string, packageName: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  const file = (require(packageName) as { path: string }).path;
  if (!checked.has(file)) {
    checked.add(file);
    // The packages mark their binary executable in an install script, which npm may not have run
    // (allowScripts), and ffprobe's tarball has it for its owner only.
    try {
      accessSync(file, constants.X_OK);
    } catch {
      try {
        chmodSync(file, 0o755);
      } catch {
        // Not ours to change: the exec error will say so.
      }
    }
  }
  return file;
}

export const ffprobePath = () => binary('FFPROBE_PATH', '@ffprobe-installer/ffprobe');
export const ffmpegPath = () => binary('FFMPEG_PATH', '@ffmpeg-installer/ffmpeg');

export interface ProbeResult {
  hasVideo: boolean;
  hasAudio: boolean;
  /** Seconds, or null when the container and streams do not say. */
  durationSec: number | null;
  width: number | null;
  height: number | null;
}

interface FfprobeOutput {
  streams?: { codec_type?: string; duration?: string; width?: number; height?: number }[];
  format?: { duration?: string };
}

function seconds(value: string | undefined): number | null {
  if (value === undefined) return null;
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
}

/** What ffprobe finds in a file; a file it cannot read at all gives no video stream. */
export async function probe(file: string): Promise<ProbeResult> {
  let output: FfprobeOutput;
  try {
    const { stdout } = await run(
      ffprobePath(),
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
    );
    output = JSON.parse(stdout) as FfprobeOutput;
  } catch {
    return { hasVideo: false, hasAudio: false, durationSec: null, width: null, height: null };
  }
  const streams = output.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  return {
    hasVideo: video !== undefined,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    durationSec: seconds(output.format?.duration) ?? seconds(video?.duration),
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}

/** Within 720×1280, aspect kept, even sides: the size of the rendition and of its poster. */
const RENDITION_SCALE =
  "scale='min(720,iw)':'min(1280,ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2";

/**
 * H.264/AAC MP4 fitting within 720×1280 (aspect kept, even sides), `+faststart` so playback starts
 * before the whole file has arrived. A silent source gets a silent AAC track, so every file has one.
 */
export async function transcode(input: string, output: string, hasAudio: boolean): Promise<void> {
  const audioInput = hasAudio
    ? []
    : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=44100'];
  const maps = hasAudio
    ? ['-map', '0:v:0', '-map', '0:a:0']
    : ['-map', '0:v:0', '-map', '1:a:0', '-shortest'];
  await runBelowRequests(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-y',
      '-i',
      input,
      ...audioInput,
      ...maps,
      '-vf',
      RENDITION_SCALE,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
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
    { timeout: 10 * 60_000, maxBuffer: 4 * 1024 * 1024 },
  );
}

/** Posters are WebP: about 40 % of a JPEG of the same look, and every current browser shows them. */
export const POSTER_EXT = 'webp';

/**
 * ffmpeg's arguments for a poster: one frame at `atSec`, at the size the rendition is shown (never
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
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    RENDITION_SCALE,
    '-c:v',
    'libwebp',
    '-quality',
    '60',
    '-f',
    'webp',
    output,
  ];
}

/** The poster frame from the first second (or the very start of a shorter clip). */
export async function poster(input: string, output: string, durationSec: number): Promise<void> {
  await runBelowRequests(ffmpegPath(), posterArgs(input, output, Math.min(1, durationSec / 2)), {
    timeout: 60_000,
  });
}
