/**
 * Where processed media lives (DESIGN.md §3 "Videos"). Keys are relative paths such as
 * `videos/<id>.mp4`; their public URL is `/media/<key>`. Only the local driver exists so far: files
 * under the configured directory, served by media.routes with HTTP Range.
 */
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

export interface Storage {
  /** The directory the local driver serves from. */
  readonly root: string;
  /** Moves a finished file into storage under `key`; readers never see a partial file. */
  putFile(key: string, sourcePath: string): Promise<void>;
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
}

const KEY = /^[a-z0-9_-]+(\/[a-z0-9_.-]+)+$/i;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Bad storage key: ${key}`);
  return key;
}

export function createStorage(config: Config): Storage {
  if (config.storage.driver !== 'local') {
    throw new Error('STORAGE_DRIVER=s3 is not supported yet; use the local driver');
  }
  const root = config.storage.dir;
  return {
    root,
    async putFile(key, sourcePath) {
      const target = path.join(root, checkKey(key));
      await mkdir(path.dirname(target), { recursive: true });
      const staging = `${target}.part-${process.pid}-${Date.now()}`;
      // Copy then rename: the source may be on another filesystem, and the rename is atomic.
      await copyFile(sourcePath, staging);
      await rename(staging, target);
    },
    async remove(key) {
      await rm(path.join(root, checkKey(key)), { force: true });
    },
    publicUrl: (key) => `/media/${checkKey(key)}`,
  };
}
