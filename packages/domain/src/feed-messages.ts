/**
 * SPEC.md §8 texts of the feed, engagement, ranking and leaderboards area, shared by server and web.
 * Kept apart from feed-api.ts's zod schemas so a screen that shows only a message (the feed is the
 * first screen most people open) does not bring zod into its bundle.
 */
export const FEED_MESSAGES = {
  feedFailed: 'Error loading videos',
  feedEmpty: 'Ancora nessuna ad: torna presto!',
  signInToCreate: 'Sign In to Create',
  reportSignIn: 'Please sign in to report content',
  reportNoReason: 'Please provide a reason for reporting',
  reportFailed: 'Error submitting report',
  reportSubmitted: 'Report submitted. Thank you for helping keep our community safe.',
  saved: 'Saved!',
  unsaved: 'Removed from saved',
  linkCopied: 'Link copied to clipboard!',
  shareTitle: 'Check out this ad on {brand}',
  likeSignIn: 'Please sign in to like videos',
  leaderboardFailed: 'Error loading leaderboard',
  untitled: 'Untitled',
  scoresRecomputed: 'Video scores recomputed successfully!',
  recomputeFailed: 'Error recomputing scores',
  reportDismissed: 'Report dismissed',
  videoRemoved: 'Video removed',
} as const;
