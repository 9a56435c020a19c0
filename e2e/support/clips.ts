/** Video clips made at test time with the ffmpeg binary the server itself uses (@ffmpeg-installer). */
import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

function ffmpegPath(): string {
  const fromEnv = process.env.FFMPEG_PATH;
  if (fromEnv) return fromEnv;
  const file = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  try {
    accessSync(file, constants.X_OK);
  } catch {
    // npm may have skipped the package's install script that marks the binary executable.
    chmodSync(file, 0o755);
  }
  return file;
}

let folder: string | undefined;

/**
 * A 720×1280 H.264/AAC MP4 of `seconds` with a moving test picture and a tone: it plays in the
 * browser and has sound. `bitrate` sets how big it is, for journeys that need a slow upload; a
 * lower `fps` makes a long clip quicker to encode.
 */
export async function makeClip(
  name: string,
  seconds: number,
  { bitrate = '1M', fps = 30 }: { bitrate?: string; fps?: number } = {},
): Promise<{ path: string; bytes: number }> {
  folder ??= mkdtempSync(path.join(tmpdir(), 'adreel-clips-'));
  const file = path.join(folder, `${name}.mp4`);
  await run(
    ffmpegPath(),
    [
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=720x1280:rate=${fps}:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      bitrate,
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      file,
    ],
    { timeout: 60_000 },
  );
  return { path: file, bytes: statSync(file).size };
}
