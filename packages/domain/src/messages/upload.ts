import {
  VIDEO_MAX_FRAME_RATE,
  VIDEO_MAX_LONG_SIDE,
  VIDEO_MAX_PROCESSING,
  VIDEO_MAX_SHORT_SIDE,
} from '../constants';

/** docs/product.md §5 "Upload file" and §8: the exact words the creator reads, from the web's checks or the server's. */
export const UPLOAD_MESSAGES = {
  noFile: 'Please select a video file',
  badType: 'Invalid file type. Please upload MP4, WebM, or MOV video files.',
  tooBig: 'File size must be under 100MB',
  noDuration:
    "Unable to determine video duration. Please ensure you're uploading a valid video file.",
  tooLong: 'Video must be 30 seconds or less',
  failed: 'Error uploading video',
  /** docs/product.md §8: the Italian message after upload, saying the video is in review. */
  inReview: 'Il tuo video è in revisione: ti avviseremo appena sarà approvato.',
} as const;

/**
 * A file beyond what a phone or an editor makes (constants.ts, decision 037), and
 * a person with VIDEO_MAX_PROCESSING videos still processing. Refused before anything is stored.
 */
export const UPLOAD_BUDGET_MESSAGES = {
  /** Wider or taller than 4K (422 video_resolution_too_high). */
  resolution: `Video resolution must be 4K or less (at most ${VIDEO_MAX_LONG_SIDE}×${VIDEO_MAX_SHORT_SIDE} pixels, or ${VIDEO_MAX_SHORT_SIDE}×${VIDEO_MAX_LONG_SIDE} in portrait). Please export it at 4K or 1080p.`,
  /** More than VIDEO_MAX_FRAME_RATE frames in a second (422 video_frame_rate_too_high). */
  frameRate: `Video frame rate must be ${VIDEO_MAX_FRAME_RATE} frames per second or less. Please export it at 30 or 60 fps.`,
  /** Over VIDEO_MAX_PIXELS_PER_SECOND (422 video_too_demanding): 4K above 60 fps, say. */
  pixelRate:
    'Video is too demanding to process: at 4K it can be at most 60 frames per second (at 1080p, 120). Please export it at a lower frame rate or resolution.',
  /** VIDEO_MAX_PROCESSING videos still processing (429 too_many_processing). */
  tooManyProcessing: `You already have ${VIDEO_MAX_PROCESSING} videos being processed. Please upload this one when one of them is ready.`,
} as const;
