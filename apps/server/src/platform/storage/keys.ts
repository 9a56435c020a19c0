/**
 * Storage keys, their URLs, content types and cache lifetimes, and HTTP byte ranges: shared by the
 * local and S3 drivers and the media route.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A byte range asked for by a client, already parsed (see parseRange). */
export type ByteRange = { start: number; end: number | undefined } | { suffix: number };

export type MediaRead =
  | { kind: 'not_found' }
  | { kind: 'unsatisfiable'; totalSize: number }
  | {
      kind: 'found';
      body: Readable;
      /** Bytes in this answer. */
      contentLength: number;
      totalSize: number;
      /** Set when the answer is a part of the object (206). */
      range: { start: number; end: number } | null;
      contentType: string;
      cacheControl: string;
      /** A strong validator (RFC 9110 §8.8.3), quoted: the same for the same bytes (etagOf). */
      etag: string;
    };

const KEY = /^[a-z0-9_-]+(\/[a-z0-9_.-]+)+$/i;
const PREFIX = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i;
export const MEDIA_PREFIX = '/media/';

export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..') && !key.includes('.part-');
}

export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Bad storage key: ${key}`);
  return key;
}

export function checkPrefix(prefix: string): string {
  if (!PREFIX.test(prefix)) throw new Error(`Bad storage prefix: ${prefix}`);
  return prefix;
}

/** The key behind a URL that publicUrl made, or null for any other URL. */
export function keyFromUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(MEDIA_PREFIX)) return null;
  const key = url.slice(MEDIA_PREFIX.length);
  return isValidKey(key) ? key : null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** A rendition's name is the hash of its bytes (putRendition): the same URL never changes content. */
const CONTENT_ADDRESSED = /\/[0-9a-f]{32}\.[a-z0-9]+$/;

/** A year and immutable for content-addressed keys; a day for fixed names that may be rewritten. */
export function cacheControlOf(key: string): string {
  return CONTENT_ADDRESSED.test(key)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=86400';
}

/**
 * The ETag of `key` (issue 20): a content-addressed key's hash, which names its bytes, so every
 * process and driver gives the same strong tag without reading the object; for a fixed name (a demo
 * video, rewritten in place), `fallback`, what the driver knows of that version (S3's own ETag, or
 * the local file's size and modification time).
 */
export function etagOf(key: string, fallback: string): string {
  const hash = /\/([0-9a-f]{32})\.[a-z0-9]+$/.exec(key)?.[1];
  if (hash) return `"${hash}"`;
  return fallback.startsWith('"') ? fallback : `"${fallback}"`;
}

/** The first 128 bits of the file's SHA-256, in hex. */
export async function contentHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex').slice(0, 32);
}

export function renditionKey(dir: string, hash: string, ext: string): string {
  return checkKey(`${checkPrefix(dir)}/${hash}.${ext.replace(/^\./, '')}`);
}

/**
 * One `bytes=` range of RFC 9110 §14.1.2, or null to answer with the whole object: a missing or
 * malformed header, or several ranges (which a server may ignore; players ask for one).
 */
export function parseRange(header: string | undefined): ByteRange | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') return { suffix: Number(to) };
  const start = Number(from);
  const end = to === '' ? undefined : Number(to);
  if (end !== undefined && end < start) return null;
  return { start, end };
}

/** The absolute first and last byte of `range` within `size` bytes, or null when none is there. */
export function resolveRange(
  range: ByteRange,
  size: number,
): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
