/**
 * Where processed media lives (DESIGN.md §3 "Videos", docs/decisions/011-media-storage.md): a local
 * folder (default) or an S3-compatible bucket, behind one interface. Keys are relative paths such as
 * `videos/<id>/<hash>.mp4`; their public URL is `/media/<key>`, served by media.routes with HTTP
 * Range from either driver. Upload temp files are not here: they stay in DATA_DIR/uploads.
 */
import { copyFile, type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import {
  cacheControlOf,
  checkKey,
  checkPrefix,
  contentHash,
  contentTypeOf,
  etagOf,
  isValidKey,
  MEDIA_PREFIX,
  renditionKey,
  resolveRange,
} from './keys';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage-driver';

export type { Storage };

export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  const putFile = async (key: string, sourcePath: string) => {
    const target = fileOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Copy then rename: the source may be on another filesystem, and the rename is atomic. A
    // staging file left by a killed process is never served (.part-) and goes with removeAll.
    const staging = `${target}.part-${process.pid}-${Date.now()}`;
    try {
      await copyFile(sourcePath, staging);
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { force: true });
      throw error;
    }
  };
  return {
    driver: 'local',
    putFile,
    async putRendition(dir, sourcePath, ext) {
      const key = renditionKey(dir, await contentHash(sourcePath), ext);
      await putFile(key, sourcePath);
      return key;
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async removeAll(prefix) {
      await rm(path.join(root, checkPrefix(prefix)), { recursive: true, force: true });
    },
    async read(key, range) {
      if (!isValidKey(key)) return { kind: 'not_found' };
      const file = path.join(root, key);
      // Opened first, then measured through the open file: a file removed meanwhile (a rejected
      // video's media going) is either not found or read whole, never a failed stream (a 500).
      let handle: FileHandle;
      try {
        handle = await open(file, 'r');
      } catch {
        return { kind: 'not_found' };
      }
      let size: number;
      let version: string;
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw new Error('not a file');
        size = stats.size;
        version = `${size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
      } catch {
        await handle.close();
        return { kind: 'not_found' };
      }
      const part = range ? resolveRange(range, size) : null;
      if (range && !part) {
        await handle.close();
        return { kind: 'unsatisfiable', totalSize: size };
      }
      const body = handle.createReadStream(part ?? {});
      return {
        kind: 'found',
        body,
        contentLength: part ? part.end - part.start + 1 : size,
        totalSize: size,
        range: part,
        contentType: contentTypeOf(key),
        cacheControl: cacheControlOf(key),
        etag: etagOf(key, version),
      };
    },
    publicUrl: (key) => `${MEDIA_PREFIX}${checkKey(key)}`,
  };
}

export function createStorage(config: Config): Storage {
  if (config.storage.driver === 's3') return createS3Storage(config.storage);
  return createLocalStorage(config.storage.dir);
}
