/**
 * `npm run bench:media`: how long the real processing
 * (renderVideo, the media part of the video job: probe, transcode to H.264/AAC within 720×1280 with
 * +faststart, poster) takes on a 30 s 1080×1920 clip with sound, SDR and iPhone-style HDR (HLG,
 * tone-mapped), as a ratio to the clip's duration. Target: at most 0.5 for each. Then the ladder's
 * lower rungs (540p and 360p from that rendition, made after the video is playable),
 * timed apart (`ladderSeconds`, `ladderRatio`) with each rung's size and bit rate. Runs
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
import { ffmpegPath, makeLowerRungs, probe } from '../apps/server/src/platform/media/ffmpeg';

const run = promisify(execFile);
const CLIP_SECONDS = 30;
const WIDTH = 1080;
const HEIGHT = 1920;
const TARGET_RATIO = 0.5;
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

type ClipKind = 'sdr' | 'hdr';

/**
 * A moving test pattern with a tone. `sdr`: H.264 8-bit, as an Android phone or an editor exports.
 * `hdr`: what an iPhone films by default, HEVC Main 10 in HLG with BT.2020 colours (the pattern is
 * converted to HLG), so processing tone-maps it. (Full-frame random grain was tried: it is no phone's
 * footage, and x264 then spends its time on noise; the pattern moves and changes colour every frame.)
 */
async function makeClip(file: string, kind: ClipKind): Promise<void> {
  const video =
    kind === 'sdr'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p']
      : [
          '-vf',
          'zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=arib-std-b67:m=bt2020nc:p=bt2020:r=tv:npl=203,format=yuv420p10le',
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-x265-params',
          'log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc',
          '-color_primaries',
          'bt2020',
          '-color_trc',
          'arib-std-b67',
          '-colorspace',
          'bt2020nc',
          '-tag:v',
          'hvc1',
        ];
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
      ...video,
      '-c:a',
      'aac',
      '-shortest',
      file,
    ],
    { timeout: 20 * 60_000 },
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

async function measure(work: string, kind: ClipKind) {
  const clip = path.join(work, `clip-${kind}-${WIDTH}x${HEIGHT}.mp4`);
  const madeAt = performance.now();
  await makeClip(clip, kind);
  const generationSeconds = (performance.now() - madeAt) / 1000;
  const source = await probe(clip, 'mov');
  const clipSeconds = source.durationSec ?? CLIP_SECONDS;
  const { size: clipBytes } = await stat(clip);

  const out = await mkdtemp(path.join(work, `${kind}-`));
  const cpuBefore = await childCpuSeconds();
  const startedAt = performance.now();
  const rendered = await renderVideo(clip, out);
  const processingSeconds = (performance.now() - startedAt) / 1000;
  const cpuAfter = await childCpuSeconds();
  const cpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const output = await probe(rendered.mp4, 'mov');
  const { size: outputBytes } = await stat(rendered.mp4);
  const ratio = processingSeconds / clipSeconds;

  // The lower rungs, made after the video is playable (the ladder job's media part).
  const ladderCpuBefore = await childCpuSeconds();
  const ladderStartedAt = performance.now();
  const rungs = await makeLowerRungs(rendered.mp4, out, output.width ?? 0, output.height ?? 0);
  const ladderSeconds = (performance.now() - ladderStartedAt) / 1000;
  const ladderCpuAfter = await childCpuSeconds();
  const ladder = [];
  for (const made of rungs) {
    const probed = await probe(made.file, 'mov');
    const { size } = await stat(made.file);
    ladder.push({
      rung: made.rung.name,
      width: probed.width,
      height: probed.height,
      bytes: size,
      kbps: probed.durationSec ? Math.round((size * 8) / probed.durationSec / 1000) : null,
    });
  }
  return {
    clip: kind === 'sdr' ? 'H.264 8-bit SDR' : 'HEVC 10-bit HLG BT.2020 (iPhone-style HDR)',
    clipSeconds: round(clipSeconds),
    clipWidth: source.width,
    clipHeight: source.height,
    clipHdr: source.hdr,
    clipBytes,
    processingSeconds: round(processingSeconds),
    ratio: round(ratio, 3),
    target: TARGET_RATIO,
    meetsTarget: ratio <= TARGET_RATIO,
    /** ffmpeg's and ffprobe's CPU time (all cores) for the processing. */
    processingCpuSeconds: cpuSeconds === null ? null : round(cpuSeconds),
    outputWidth: output.width,
    outputHeight: output.height,
    outputSeconds: output.durationSec === null ? null : round(output.durationSec),
    outputBytes,
    outputKbps: output.durationSec
      ? Math.round((outputBytes * 8) / output.durationSec / 1000)
      : null,
    /** The lower rungs (ladder job, after the video is playable): time, CPU, sizes. */
    ladderSeconds: round(ladderSeconds),
    ladderRatio: round(ladderSeconds / clipSeconds, 3),
    ladderCpuSeconds:
      ladderCpuBefore === null || ladderCpuAfter === null
        ? null
        : round(ladderCpuAfter - ladderCpuBefore),
    ladder,
    clipGenerationSeconds: round(generationSeconds),
  };
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'adreel-bench-media-'));
  try {
    const sdr = await measure(work, 'sdr');
    const hdr = await measure(work, 'hdr');
    const result = {
      benchmark: 'media',
      // The SDR clip's figures at the top, as before; the HDR clip's under `hdr`.
      ...sdr,
      hdr,
      ffmpeg: `${mediaTools().ffmpeg.origin} ${mediaTools().ffmpeg.version}`,
      ffprobe: `${mediaTools().ffprobe.origin} ${mediaTools().ffprobe.version}`,
      loadAverage: loadavg().map((value) => round(value)),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      node: process.version,
      measuredAt: new Date().toISOString(),
    };
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, 'media.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `clip_s=${sdr.clipSeconds} clip=${WIDTH}x${HEIGHT} out=${sdr.outputWidth}x${sdr.outputHeight} processing_s=${sdr.processingSeconds} cpu_s=${sdr.processingCpuSeconds} ratio=${sdr.ratio} hdr_processing_s=${hdr.processingSeconds} hdr_cpu_s=${hdr.processingCpuSeconds} hdr_ratio=${hdr.ratio} target=${TARGET_RATIO} ok=${sdr.meetsTarget} hdr_ok=${hdr.meetsTarget} ladder_s=${sdr.ladderSeconds} ladder_ratio=${sdr.ladderRatio} hdr_ladder_s=${hdr.ladderSeconds} load=${result.loadAverage[0]}`,
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
