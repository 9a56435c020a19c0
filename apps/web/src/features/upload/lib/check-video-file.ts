import {
  UPLOAD_MESSAGES,
  VIDEO_AUDIO_PADDING_SECONDS,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  VIDEO_MIME_TYPES,
} from '@adreel/domain';

const ACCEPTED: readonly string[] = VIDEO_MIME_TYPES;

/** The checks that need no decoding (SPEC.md §5): a file is there, of an accepted type and size. */
export function checkVideoFile(file: File | null): string | null {
  if (!file) return UPLOAD_MESSAGES.noFile;
  if (!ACCEPTED.includes(file.type)) return UPLOAD_MESSAGES.badType;
  if (file.size > VIDEO_MAX_BYTES) return UPLOAD_MESSAGES.tooBig;
  return null;
}

/**
 * The duration check (SPEC.md §5), on what the browser read from the file. The browser gives the
 * longest track, so a 30-second edit whose audio runs a frame past 30 s (VIDEO_AUDIO_PADDING_SECONDS)
 * passes, as on the server, which judges each stream.
 */
export function checkVideoDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) {
    return UPLOAD_MESSAGES.noDuration;
  }
  return seconds > VIDEO_MAX_SECONDS + VIDEO_AUDIO_PADDING_SECONDS ? UPLOAD_MESSAGES.tooLong : null;
}
