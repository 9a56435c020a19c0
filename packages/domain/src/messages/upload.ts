/** SPEC.md §5 "Upload file" and §8: the exact words the creator reads, from the web's checks or the server's. */
export const UPLOAD_MESSAGES = {
  noFile: 'Please select a video file',
  badType: 'Invalid file type. Please upload MP4, WebM, or MOV video files.',
  tooBig: 'File size must be under 100MB',
  noDuration:
    "Unable to determine video duration. Please ensure you're uploading a valid video file.",
  tooLong: 'Video must be 30 seconds or less',
  failed: 'Error uploading video',
  /** SPEC.md §8: the Italian message after upload, saying the video is in review. */
  inReview: 'Il tuo video è in revisione: ti avviseremo appena sarà approvato.',
} as const;
