/** Byte ranges, keys and cache lifetimes of stored media (decision 011). */
import { describe, expect, it } from 'vitest';
import {
  cacheControlOf,
  contentTypeOf,
  isValidKey,
  keyFromUrl,
  parseRange,
  resolveRange,
} from '../../src/platform/storage/keys';

describe('byte ranges', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: undefined }],
    ['bytes=-500', { suffix: 500 }],
    [' bytes=5-5 ', { start: 5, end: 5 }],
  ])('reads %s', (header, range) => {
    expect(parseRange(header)).toEqual(range);
  });

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'bytes=9-3',
    'bytes=0-1,4-5',
    'items=0-1',
    'bytes=a-b',
  ])('answers the whole object for %j', (header) => {
    expect(parseRange(header)).toBeNull();
  });

  it('clamps to the object and knows when nothing of it is asked for', () => {
    expect(resolveRange({ start: 0, end: 99 }, 1000)).toEqual({ start: 0, end: 99 });
    expect(resolveRange({ start: 900, end: 5000 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange({ start: 10, end: undefined }, 1000)).toEqual({ start: 10, end: 999 });
    expect(resolveRange({ suffix: 10 }, 1000)).toEqual({ start: 990, end: 999 });
    expect(resolveRange({ suffix: 5000 }, 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange({ start: 1000, end: undefined }, 1000)).toBeNull();
    expect(resolveRange({ suffix: 0 }, 1000)).toBeNull();
    expect(resolveRange({ suffix: 10 }, 0)).toBeNull();
  });
});

describe('keys', () => {
  const hash = '0123456789abcdef0123456789abcdef';

  it('caches only content-addressed renditions for good', () => {
    expect(cacheControlOf(`videos/some-id/${hash}.mp4`)).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlOf('videos/demo-sunrise.mp4')).toBe('public, max-age=86400');
    expect(cacheControlOf(`videos/some-id/${hash.slice(1)}.mp4`)).toBe('public, max-age=86400');
  });

  it('names the content type by extension', () => {
    expect(contentTypeOf(`videos/x/${hash}.mp4`)).toBe('video/mp4');
    expect(contentTypeOf(`videos/x/${hash}.jpg`)).toBe('image/jpeg');
    expect(contentTypeOf('videos/x/readme')).toBe('application/octet-stream');
  });

  it('refuses keys that climb out, hide or name a staging file', () => {
    for (const key of [
      '../x.mp4',
      'videos/../../etc/passwd',
      '.staging/x',
      'x',
      'videos/a.mp4.part-1-2',
      '/videos/a.mp4',
    ]) {
      expect(isValidKey(key), key).toBe(false);
    }
    expect(isValidKey(`videos/a/${hash}.mp4`)).toBe(true);
  });

  it('finds the key behind a media URL, and only behind one', () => {
    expect(keyFromUrl(`/media/videos/a/${hash}.mp4`)).toBe(`videos/a/${hash}.mp4`);
    expect(keyFromUrl('https://elsewhere.example/media/videos/a.mp4')).toBeNull();
    expect(keyFromUrl('/media/../uploads/x')).toBeNull();
    expect(keyFromUrl(null)).toBeNull();
  });
});
