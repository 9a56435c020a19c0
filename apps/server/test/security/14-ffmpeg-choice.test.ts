/**
 * Issue 14 item 2: a current ffmpeg where it matters. Before, the server always ran the npm
 * packages' binaries (a 2018 ffmpeg, N-47683, about 4.1), even where the system had a maintained
 * one, and said nothing about it. Now the system's ffmpeg and ffprobe run when both are on the PATH
 * and at least version 5; FFMPEG_SOURCE forces one pair, FFMPEG_PATH/FFPROBE_PATH name a binary;
 * the choice and versions are logged at start, loudly in production when outdated.
 */
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logMediaTools, parseVersion, resolveMediaTools } from '../../src/platform/media/binaries';

/** A folder holding an `ffmpeg` and an `ffprobe` that print `version` as `-version` does. */
async function fakeSystem(version: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'adreel-fake-ffmpeg-'));
  for (const name of ['ffmpeg', 'ffprobe']) {
    const file = path.join(dir, name);
    await writeFile(
      file,
      `#!/bin/sh\necho "${name} version ${version} Copyright (c) the FFmpeg developers"\n`,
    );
    await chmod(file, 0o755);
  }
  return dir;
}

/** PATH with only `dir` (and the folders every system has, where a real ffmpeg may live). */
const onlyPath = (dir: string) => ({ PATH: dir });

describe('which ffmpeg runs', () => {
  it('reads the major version of release builds, distribution builds and git snapshots', () => {
    expect(parseVersion('ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026')).toEqual({
      version: '5.1.9-0+deb12u1',
      major: 5,
    });
    expect(parseVersion('ffmpeg version n7.1 Copyright')).toMatchObject({ major: 7 });
    expect(
      parseVersion(
        'ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/\nlibavformat    58. 24.100 / 58. 24.100',
      ),
    ).toEqual({ version: 'N-47683-g0e8eb07980-static', major: 4 });
    expect(parseVersion('nothing useful')).toEqual({ version: null, major: null });
  });

  it("prefers the system's ffmpeg and ffprobe when they are 5 or later", async () => {
    const dir = await fakeSystem('6.1.1');
    const tools = resolveMediaTools(onlyPath(dir));
    expect(tools.ffmpeg).toMatchObject({
      path: path.join(dir, 'ffmpeg'),
      origin: 'system',
      major: 6,
    });
    expect(tools.ffprobe).toMatchObject({ path: path.join(dir, 'ffprobe'), origin: 'system' });
  });

  it('falls back to the bundled binaries when the first ones on the PATH are older than 5', async () => {
    const dir = await fakeSystem('4.4.2');
    const tools = resolveMediaTools(onlyPath(dir));
    expect(tools.ffmpeg.origin).toBe('bundled');
    expect(tools.ffmpeg.path).toContain('@ffmpeg-installer');
    expect(tools.ffprobe.path).toContain('@ffprobe-installer');
  });

  it('FFMPEG_SOURCE forces a pair, and FFMPEG_PATH/FFPROBE_PATH name binaries outright', async () => {
    const dir = await fakeSystem('7.0');
    const bundled = resolveMediaTools({ ...onlyPath(dir), FFMPEG_SOURCE: 'bundled' });
    expect(bundled.ffmpeg.origin).toBe('bundled');
    expect(bundled.ffmpeg.version).toMatch(/^N-47683/);
    expect(bundled.ffmpeg.major).toBe(4);

    const old = await fakeSystem('4.3');
    expect(() => resolveMediaTools({ ...onlyPath(old), FFMPEG_SOURCE: 'system' })).toThrow(
      /FFMPEG_SOURCE=system/,
    );
    expect(() => resolveMediaTools({ FFMPEG_SOURCE: 'newest' })).toThrow(/FFMPEG_SOURCE/);

    const named = resolveMediaTools({
      ...onlyPath(old),
      FFMPEG_PATH: path.join(dir, 'ffmpeg'),
      FFPROBE_PATH: path.join(dir, 'ffprobe'),
    });
    expect(named.ffmpeg).toMatchObject({ origin: 'FFMPEG_PATH', major: 7 });
    expect(named.ffprobe).toMatchObject({ origin: 'FFPROBE_PATH', major: 7 });
  });

  it('says at start which run and their versions, and warns loudly in production about the bundled 2018 build', async () => {
    const lines: { level: string; obj: object; msg: string }[] = [];
    const log = {
      info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
      warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
    };
    const bundled = resolveMediaTools({ PATH: '', FFMPEG_SOURCE: 'bundled' });
    logMediaTools(log, false, bundled);
    expect(lines).toEqual([
      {
        level: 'info',
        obj: {
          ffmpeg: expect.objectContaining({
            origin: 'bundled',
            version: expect.stringMatching(/^N-47683/),
          }),
          ffprobe: expect.objectContaining({ origin: 'bundled' }),
        },
        msg: 'media tools',
      },
    ]);

    lines.length = 0;
    logMediaTools(log, true, bundled);
    expect(lines.map((line) => line.level)).toEqual(['info', 'warn']);
    expect(lines[1]?.msg).toMatch(/^OUTDATED FFMPEG IN PRODUCTION: .*N-47683/);

    lines.length = 0;
    logMediaTools(log, true, resolveMediaTools(onlyPath(await fakeSystem('6.0'))));
    expect(lines.map((line) => line.level)).toEqual(['info']);
  });
});
