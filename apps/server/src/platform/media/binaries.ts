/**
 * Which ffmpeg and ffprobe run (decision 027). The system's pair when both are on the PATH and
 * recent (major version 5 or later, read from `-version`), because a distribution's ffmpeg gets
 * security fixes; the binaries of the npm packages (@ffmpeg-installer, @ffprobe-installer) otherwise,
 * so `npm install && npm start` works on a machine without ffmpeg. The bundled ffmpeg is a 2018
 * build (N-47683, about 4.1): fine for development, not for strangers' files in production.
 *
 * FFMPEG_SOURCE=bundled|system forces one pair (CI runs the media tests with each); FFMPEG_PATH and
 * FFPROBE_PATH name a binary outright. Resolved once per process, on first use.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The oldest major version taken from the system: 5.0 (2022) and later. */
export const MIN_SYSTEM_MAJOR = 5;

export type ToolOrigin = 'system' | 'bundled' | 'FFMPEG_PATH' | 'FFPROBE_PATH';

export interface MediaTool {
  path: string;
  origin: ToolOrigin;
  /** What `-version` prints after "version" (e.g. `5.1.9-0+deb12u1`, `N-47683-g0e8eb07980-static`). */
  version: string | null;
  /** The release's major version, from the version or (for git builds) from libavformat's. */
  major: number | null;
}

export interface MediaTools {
  ffmpeg: MediaTool;
  ffprobe: MediaTool;
}

/**
 * The version and major release of an ffmpeg/ffprobe from its `-version` output. Release builds say
 * `version 5.1.9` or `version n6.1`; git snapshots (`N-47683-g…`) only name libavformat, whose major
 * is the release's plus 54 since ffmpeg 4 (58 → 4.x, 59 → 5.x, 60 → 6.x, 61 → 7.x).
 */
export function parseVersion(output: string): { version: string | null; major: number | null } {
  const version = /\bversion\s+(\S+)/.exec(output)?.[1] ?? null;
  const release = version ? /^n?(\d+)\.\d+/.exec(version) : null;
  if (release?.[1]) return { version, major: Number(release[1]) };
  const lavf = /libavformat\s+(\d+)\.\s*\d+/.exec(output)?.[1];
  if (lavf && Number(lavf) >= 58) return { version, major: Number(lavf) - 54 };
  return { version, major: null };
}

function readVersion(file: string): { version: string | null; major: number | null } {
  try {
    const output = execFileSync(file, ['-version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return parseVersion(output);
  } catch {
    return { version: null, major: null };
  }
}

/** The npm package's binary, made executable if its install script did not run (allowScripts). */
function bundledPath(packageName: string): string {
  const file = (require(packageName) as { path: string }).path;
  try {
    accessSync(file, constants.X_OK);
  } catch {
    try {
      chmodSync(file, 0o755);
    } catch {
      // Not ours to change: the exec error will say so.
    }
  }
  return file;
}

/** `name` in a PATH folder outside node_modules (npm puts packages' bin folders on the PATH). */
function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of [...dirs, '/usr/bin', '/usr/local/bin']) {
    if (dir.split(path.sep).includes('node_modules')) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not here.
    }
  }
  return null;
}

const BUNDLED = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' };

/** Works out the pair from the environment (exported for tests; the server uses mediaTools()). */
export function resolveMediaTools(env: NodeJS.ProcessEnv = process.env): MediaTools {
  const source = env.FFMPEG_SOURCE ?? 'auto';
  if (!['auto', 'system', 'bundled'].includes(source)) {
    throw new Error(`FFMPEG_SOURCE must be auto, system or bundled (got ${source})`);
  }
  const tool = (file: string, origin: ToolOrigin): MediaTool => ({
    path: file,
    origin,
    ...readVersion(file),
  });

  let pair: MediaTools | null = null;
  if (source !== 'bundled') {
    const ffmpeg = onPath('ffmpeg', env);
    const ffprobe = onPath('ffprobe', env);
    const system =
      ffmpeg && ffprobe
        ? { ffmpeg: tool(ffmpeg, 'system'), ffprobe: tool(ffprobe, 'system') }
        : null;
    const recent = (t: MediaTool) => t.major !== null && t.major >= MIN_SYSTEM_MAJOR;
    if (system && recent(system.ffmpeg) && recent(system.ffprobe)) pair = system;
    else if (source === 'system') {
      throw new Error(
        `FFMPEG_SOURCE=system, but no ffmpeg and ffprobe ${MIN_SYSTEM_MAJOR} or later are on the PATH`,
      );
    }
  }
  pair ??= {
    ffmpeg: tool(bundledPath(BUNDLED.ffmpeg), 'bundled'),
    ffprobe: tool(bundledPath(BUNDLED.ffprobe), 'bundled'),
  };
  if (env.FFMPEG_PATH) pair.ffmpeg = tool(env.FFMPEG_PATH, 'FFMPEG_PATH');
  if (env.FFPROBE_PATH) pair.ffprobe = tool(env.FFPROBE_PATH, 'FFPROBE_PATH');
  return pair;
}

let resolved: MediaTools | null = null;

/** The pair this process runs, resolved on first use. */
export function mediaTools(): MediaTools {
  resolved ??= resolveMediaTools();
  return resolved;
}

/** The npm packages' builds, or any ffmpeg older than 5: what production should not run. */
export function isOutdated(tool: MediaTool): boolean {
  return tool.origin === 'bundled' || tool.major === null || tool.major < MIN_SYSTEM_MAJOR;
}

interface StartLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Logs which pair runs at start; in production, an outdated ffmpeg is a loud warning. */
export function logMediaTools(log: StartLog, production: boolean, tools = mediaTools()): void {
  const describe = (t: MediaTool) => ({ path: t.path, origin: t.origin, version: t.version });
  log.info({ ffmpeg: describe(tools.ffmpeg), ffprobe: describe(tools.ffprobe) }, 'media tools');
  const outdated = [tools.ffmpeg, tools.ffprobe].filter(isOutdated);
  if (production && outdated.length > 0) {
    log.warn(
      { outdated: outdated.map(describe) },
      `OUTDATED FFMPEG IN PRODUCTION: ${outdated.map((t) => `${t.path} (${t.version ?? 'unknown version'})`).join(', ')} decodes uploads from strangers. Install your distribution's ffmpeg ${MIN_SYSTEM_MAJOR} or later (Debian/Ubuntu: apt-get install ffmpeg); the server then uses it (decision 027)`,
    );
  }
}
