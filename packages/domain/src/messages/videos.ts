/** Words about videos that the feed, the creator's list and moderation share. */
export const VIDEO_TEXTS = {
  /** SPEC.md §8 "Feed load fails", also any list of videos that fails to load. */
  loadFailed: 'Error loading videos',
  loading: 'Loading videos',
  /** A video the admin removed after a report: the report's outcome and the video's state. */
  removed: 'Video removed',
  removedByModeration: 'Removed by moderation',
} as const;

/** A video preview's accessible name: "Preview of Morning run". */
export function previewOf(name: string): string {
  return `Preview of ${name}`;
}
