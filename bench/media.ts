/**
 * `npm run bench:media` (issue 4 item 9): how long the real processing (renderVideo, the media part
 * of the video job: probe, transcode to H.264/AAC within 720×1280 with +faststart, poster) takes on
 * a 30 s 1080×1920 clip with sound, as a ratio to the clip's duration. Target: at most 0.5. Runs
 * the ffmpeg the server would (the system's when recent; FFMPEG_SOURCE=bundled for the npm one) and
 * reports its CPU time and the load average, so a figure taken on a busy machine can be read.
 * Writes bench/results/media.json and prints a last line of key=value figures.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { renderVideo } from '../apps/server/src/modules/videos/process-video.job';
import { mediaTools } from '../apps/server/src/platform/media/binaries';
import { ffmpegPath, probe } from '../apps/server/src/platform/media/ffmpeg';

const run = promisify(execFile);
const CLIP_SECONDS = 30;
const WIDTH = 1080;
const HEIGHT = 1920;
const TARGET_RATIO = 0.5;
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

async function makeClip(file: string): Promise<void> {
  // A moving test pattern with a tone. (Full-frame random grain was tried: it is no phone's footage,
  // and x264 then spends its time on noise; the pattern moves and changes colour every frame.)
  await run(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${WIDTH}x${HEIGHT}:rate=30`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      String(CLIP_SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '18',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ],
    { timeout: 10 * 60_000 },
  );
}

/**
 * CPU seconds used by this process's finished children (ffmpeg, ffprobe), from /proc (Linux; null
 * elsewhere): unlike the wall time, it hardly moves when other work shares the machine.
 */
async function childCpuSeconds(): Promise<number | null> {
  try {
    const stat = await readFile('/proc/self/stat', 'utf8');
    // Fields after the command's closing parenthesis; cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'adreel-bench-media-'));
  try {
    const clip = path.join(work, 'clip-1080x1920.mp4');
    const madeAt = performance.now();
    await makeClip(clip);
    const generationSeconds = (performance.now() - madeAt) / 1000;
    const source = await probe(clip, 'mov');
    const clipSeconds = source.durationSec ?? CLIP_SECONDS;
    const { size: clipBytes } = await stat(clip);

    const cpuBefore = await childCpuSeconds();
    const startedAt = performance.now();
    const rendered = await renderVideo(clip, work);
    const processingSeconds = (performance.now() - startedAt) / 1000;
    const cpuAfter = await childCpuSeconds();
    const cpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    const output = await probe(rendered.mp4, 'mov');
    const { size: outputBytes } = await stat(rendered.mp4);

    const ratio = processingSeconds / clipSeconds;
    const result = {
      benchmark: 'media',
      clipSeconds: round(clipSeconds),
      clipWidth: source.width,
      clipHeight: source.height,
      clipBytes,
      processingSeconds: round(processingSeconds),
      ratio: round(ratio, 3),
      target: TARGET_RATIO,
      meetsTarget: ratio <= TARGET_RATIO,
      /** ffmpeg's and ffprobe's CPU time (all cores) for the processing. */
      processingCpuSeconds: cpuSeconds === null ? null : round(cpuSeconds),
      ffmpeg: `${mediaTools().ffmpeg.origin} ${mediaTools().ffmpeg.version}`,
      ffprobe: `${mediaTools().ffprobe.origin} ${mediaTools().ffprobe.version}`,
      loadAverage: loadavg().map((value) => round(value)),
      outputWidth: output.width,
      outputHeight: output.height,
      outputSeconds: output.durationSec === null ? null : round(output.durationSec),
      outputBytes,
      clipGenerationSeconds: round(generationSeconds),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      node: process.version,
      measuredAt: new Date().toISOString(),
    };
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, 'media.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `clip_s=${result.clipSeconds} clip=${WIDTH}x${HEIGHT} out=${output.width}x${output.height} processing_s=${result.processingSeconds} cpu_s=${result.processingCpuSeconds} ratio=${result.ratio} target=${TARGET_RATIO} ok=${result.meetsTarget}`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

await main();
