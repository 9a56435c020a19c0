/**
 * docs/product.md §8 texts of the feed, engagement, ranking and leaderboards area, shared by server and web.
 * Kept apart from feed-api.ts's zod schemas so a screen that shows only a message (the feed is the
 * first screen most people open) does not bring zod into its bundle.
 */
import { REPORT_REVIEW_HOURS } from './constants';
import { VIDEO_TEXTS } from './messages/videos';

export const FEED_MESSAGES = {
  feedFailed: VIDEO_TEXTS.loadFailed,
  feedEmpty: 'Ancora nessuna ad: torna presto!',
  signInToCreate: 'Sign In to Create',
  reportSignIn: 'Please sign in to report content',
  reportNoReason: 'Please provide a reason for reporting',
  reportFailed: 'Error submitting report',
  reportSubmitted: 'Report submitted. Thank you for helping keep our community safe.',
  /** A second report on a video while the first is still open (one open report each). */
  reportAlreadyFiled: `You've already reported this video. Our team will review it within ${REPORT_REVIEW_HOURS} hours.`,
  /** Past the per-user report limit (RATE_LIMITS.reportsPerUser). */
  reportRateLimited:
    "You've sent a lot of reports in a short time. Please wait a while before reporting again.",
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
  videoRemoved: VIDEO_TEXTS.removed,
} as const;
