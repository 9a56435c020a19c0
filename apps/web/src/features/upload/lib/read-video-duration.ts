/** Give up on a file the browser cannot decode instead of waiting forever. */
const METADATA_TIMEOUT_MS = 15_000;

/**
 * The file's duration in seconds as the browser reads it, in a detached muted <video>; null when it
 * cannot tell (not a video, a codec it lacks). A WebM recorded in a browser (MediaRecorder) has no
 * duration in its header and reads as Infinity: the video is then sent to its end, where the
 * browser learns the real duration (issue 14 item 7). NaN comes back as it is, for the caller to
 * refuse; an Infinity the browser never corrects ends as null at the timeout.
 */
export function readVideoDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'metadata';
    let done = false;
    const finish = (value: number | null) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = window.setTimeout(() => finish(null), METADATA_TIMEOUT_MS);
    video.onloadedmetadata = () => {
      if (video.duration !== Number.POSITIVE_INFINITY) {
        finish(video.duration);
        return;
      }
      video.ondurationchange = () => {
        if (Number.isFinite(video.duration)) finish(video.duration);
      };
      // Past any real end: the browser seeks to the last frame and corrects the duration.
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}
