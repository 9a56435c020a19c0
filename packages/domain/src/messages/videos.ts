/** Words about videos that the feed, the creator's list and moderation share. */
export const VIDEO_TEXTS = {
  /** docs/product.md §8 "Feed load fails", also any list of videos that fails to load. */
  loadFailed: 'Error loading videos',
  loading: 'Loading videos',
  /** A video the admin removed after a report: the report's outcome and the video's state. */
  removed: 'Video removed',
  removedByModeration: 'Removed by moderation',
  /** docs/product.md §2 My Videos: what a pending video shows. */
  inReview: 'Your video is being reviewed by our team',
  /** A brand-rejected campaign entry, as Earnings' entries and My Videos both say it. */
  notSelected: 'Not selected',
  /**
   * My Videos under a video whose campaign entry the brand turned down (its status stays pending:
   * docs/product.md §4 leaves rejecting a video to the admin, who may still publish it in the feed).
   */
  notSelectedNote: 'The brand did not select it for its campaign.',
} as const;

/** A video preview's accessible name: "Preview of Morning run". */
export function previewOf(name: string): string {
  return `Preview of ${name}`;
}
