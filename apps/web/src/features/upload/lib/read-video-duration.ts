/** Give up on a file the browser cannot decode instead of waiting forever. */
const METADATA_TIMEOUT_MS = 15_000;

/**
 * The file's duration in seconds as the browser reads it from its metadata, in a detached muted
 * <video>; null when it cannot tell (not a video, a codec it lacks). NaN and Infinity (a live or
 * unindexed WebM) come back as they are, for the caller to refuse.
 */
export function readVideoDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'metadata';
    const finish = (value: number | null) => {
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = window.setTimeout(() => finish(null), METADATA_TIMEOUT_MS);
    video.onloadedmetadata = () => finish(video.duration);
    video.onerror = () => finish(null);
    video.src = url;
  });
}
