/**
 * `npm run bench:media` (issue 4 item 9): how long the real processing (renderVideo, the media part
 * of the video job: probe, transcode to H.264/AAC within 720×1280 with +faststart, poster) takes on
 * a 30 s 1080×1920 clip with sound, as a ratio to the clip's duration. Target: at most 0.5.
 * Writes bench/results/media.json and prints a last line of key=value figures.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { renderVideo } from '../apps/server/src/modules/videos/process-video.job';
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

    const startedAt = performance.now();
    const rendered = await renderVideo(clip, work);
    const processingSeconds = (performance.now() - startedAt) / 1000;
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
      `clip_s=${result.clipSeconds} clip=${WIDTH}x${HEIGHT} out=${output.width}x${output.height} processing_s=${result.processingSeconds} ratio=${result.ratio} target=${TARGET_RATIO} ok=${result.meetsTarget}`,
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
