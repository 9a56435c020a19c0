/**
 * What a storage driver (local folder or S3-compatible bucket) provides. Its own file so that
 * storage.ts, which picks the driver, and s3-storage.ts, which implements one, do not import each
 * other; storage.ts re-exports it for the modules.
 */
import type { ByteRange, MediaRead } from './keys';

export interface Storage {
  readonly driver: 'local' | 's3';
  /** Moves a finished file into storage under `key`; readers never see a partial file. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /**
   * Stores a rendition under `<dir>/<hash of its bytes>.<ext>` and returns that key: a key never
   * names two contents, so it may be cached forever.
   */
  putRendition(dir: string, sourcePath: string, ext: string): Promise<string>;
  remove(key: string): Promise<void>;
  /** Removes every object under `prefix/` (a video's renditions, leftovers of a killed attempt). */
  removeAll(prefix: string): Promise<void>;
  /** The object at `key`, whole or the asked range; never a partial or staging file. */
  read(key: string, range: ByteRange | null): Promise<MediaRead>;
  publicUrl(key: string): string;
}
