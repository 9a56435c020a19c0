/**
 * Issue 14 items 3 and 7 in the web form: a 30-second edit whose audio runs a frame past 30 s, and
 * a WebM recorded in a browser (no duration in its header: Infinity until the browser has been to
 * its end), are measured and let through as the server lets them through.
 */
import { UPLOAD_MESSAGES } from '@adreel/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkVideoDuration } from './check-video-file';
import { readVideoDuration } from './read-video-duration';

/** A stand-in <video> that reports `first` on loadedmetadata and `afterSeek` once sent to its end. */
function fakeVideo(first: number, afterSeek: number | null) {
  const video = {
    muted: false,
    preload: '',
    duration: Number.NaN,
    seekedTo: null as number | null,
    onloadedmetadata: null as null | (() => void),
    ondurationchange: null as null | (() => void),
    onerror: null as null | (() => void),
    removeAttribute: vi.fn(),
    load: vi.fn(),
    set currentTime(value: number) {
      video.seekedTo = value;
      if (afterSeek !== null) {
        queueMicrotask(() => {
          video.duration = afterSeek;
          video.ondurationchange?.();
        });
      }
    },
    set src(_url: string) {
      queueMicrotask(() => {
        video.duration = first;
        video.onloadedmetadata?.();
      });
    },
  };
  return video;
}

function useFakeVideo(video: ReturnType<typeof fakeVideo>) {
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation(((tag: string) =>
    tag === 'video'
      ? (video as unknown as HTMLVideoElement)
      : create(tag)) as typeof document.createElement);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:fake');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
}

afterEach(() => {
  vi.restoreAllMocks();
});

const file = new File([new Uint8Array(16)], 'recorded.webm', { type: 'video/webm' });

describe('durations in the upload form', () => {
  it('a WebM recorded in a browser (Infinity at first) is measured by going to its end', async () => {
    const video = fakeVideo(Number.POSITIVE_INFINITY, 12.48);
    useFakeVideo(video);
    expect(await readVideoDuration(file)).toBe(12.48);
    expect(video.seekedTo).toBeGreaterThan(1e9);
    expect(checkVideoDuration(12.48)).toBeNull();
  });

  it('a file whose duration the header gives is read without seeking', async () => {
    const video = fakeVideo(8.5, null);
    useFakeVideo(video);
    expect(await readVideoDuration(file)).toBe(8.5);
    expect(video.seekedTo).toBeNull();
  });

  it('a 30-second edit whose audio runs a frame past 30 s passes; more does not', () => {
    expect(checkVideoDuration(30.023)).toBeNull();
    expect(checkVideoDuration(30.047)).toBeNull();
    expect(checkVideoDuration(30.1)).toBe(UPLOAD_MESSAGES.tooLong);
    expect(checkVideoDuration(Number.POSITIVE_INFINITY)).toBe(UPLOAD_MESSAGES.noDuration);
  });
});
