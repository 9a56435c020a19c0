/**
 * What an upload may cost to decode, and how long its transcode may take (issue 25 item 2, decision
 * 037). The cost of processing grows with the pixels decoded: a 5.5 MB MP4 of 8192×8192 pixels and
 * 555 frames held the only worker for 25–47 s. The limits (packages/domain constants.ts) are checked
 * on what ffprobe reads from the streams, before any decoding, at upload and again in the job.
 */
import {
  VIDEO_MAX_FRAME_RATE,
  VIDEO_MAX_LONG_SIDE,
  VIDEO_MAX_PIXELS_PER_SECOND,
  VIDEO_MAX_SECONDS,
  VIDEO_MAX_SHORT_SIDE,
} from '@adreel/domain';

/** Which limit a file is past: its picture's size, its frame rate, or the pixels a second of both. */
export type BudgetRefusal = 'resolution' | 'frameRate' | 'pixelRate';

/**
 * A frame rate counts as its nominal one up to 2 % over (a 60 fps clip's busiest second may hold 61
 * frames when its timestamps jitter).
 */
const FRAME_RATE_TOLERANCE = 1.02;

export interface DecodingCost {
  width: number | null;
  height: number | null;
  /** Frames in the clip's busiest second (probe's peakFrameRate). */
  peakFrameRate: number | null;
}

/** The limit `source` is past, or null when it is within all of them. */
export function decodingBudgetRefusal(source: DecodingCost): BudgetRefusal | null {
  const width = source.width ?? 0;
  const height = source.height ?? 0;
  if (
    Math.max(width, height) > VIDEO_MAX_LONG_SIDE ||
    Math.min(width, height) > VIDEO_MAX_SHORT_SIDE
  ) {
    return 'resolution';
  }
  const rate = (source.peakFrameRate ?? 0) / FRAME_RATE_TOLERANCE;
  if (rate > VIDEO_MAX_FRAME_RATE) return 'frameRate';
  if (width * height * rate > VIDEO_MAX_PIXELS_PER_SECOND) return 'pixelRate';
  return null;
}

/** The most pixels one decoded frame may have (ffmpeg's `-max_pixels` for the source's decoder). */
export const MAX_FRAME_PIXELS = VIDEO_MAX_LONG_SIDE * VIDEO_MAX_SHORT_SIDE;

/** The transcode's time: a start, a share per second of clip, and a share per pixel decoded. */
export const TRANSCODE_TIMEOUT = {
  baseMs: 30_000,
  perClipSecondMs: 2_000,
  /**
   * Milliseconds per million pixels decoded: 30 Mpx/s, about a twentieth of the rate one core
   * transcoded 20 s of 3840×2160 at 30 fps with (600 Mpx/s, decoding, resizing and encoding).
   */
  perMegapixelMs: 1000 / 30,
} as const;

export interface TranscodeCost {
  durationSec: number | null;
  width: number | null;
  height: number | null;
  /** Video frames in the clip (probe's frames). */
  frames: number | null;
}

/**
 * How long the transcode of `source` may run before it is stopped (and the video fails): 30 s, plus
 * 2 s per second of clip, plus 1 s per 30 million pixels decoded. A 1 s 1080p30 clip gets 34 s, 30 s
 * of 1080p30 2.5 minutes, 30 s of 4K30 5.6 minutes, the largest clip allowed (30 s of 4096×2304 at
 * 60 fps) 11 minutes; every clip had 10 minutes before.
 */
export function transcodeTimeoutMs(source: TranscodeCost): number {
  const seconds = Math.min(VIDEO_MAX_SECONDS, Math.max(0, source.durationSec ?? VIDEO_MAX_SECONDS));
  const megapixels =
    ((source.width ?? VIDEO_MAX_LONG_SIDE) *
      (source.height ?? VIDEO_MAX_SHORT_SIDE) *
      (source.frames ?? VIDEO_MAX_SECONDS * 60)) /
    1e6;
  return Math.ceil(
    TRANSCODE_TIMEOUT.baseMs +
      seconds * TRANSCODE_TIMEOUT.perClipSecondMs +
      megapixels * TRANSCODE_TIMEOUT.perMegapixelMs,
  );
}
