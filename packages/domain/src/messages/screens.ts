/** docs/product.md §2's screen names, as the navigation, the footer and the screens' titles say them. */
export const SCREEN_TITLES = {
  creatorHome: 'Creator Home',
  uploadVideo: 'Upload Video',
  brandDashboard: 'Brand Dashboard',
  adminDashboard: 'Admin Dashboard',
  campaignBriefs: 'Campaign Briefs',
  topCreators: 'Top Creators',
  topVideos: 'Top Videos',
  myVideos: 'My Videos',
  earnings: 'Earnings',
  invites: 'Invites',
  whitelist: 'Whitelist',
  outbox: 'Outbox',
  /** /admin/jobs: failed and stuck video processing. */
  failedJobs: 'Failed jobs',
  auditLog: 'Audit log',
  guidelines: 'Community Guidelines',
  /** /how-we-count: what a view is and what is kept apart. */
  howWeCount: 'How we count',
} as const;

/** Words that several screens show the same way. */
export const COMMON_TEXTS = {
  returnToHome: 'Return to Home',
  browseCampaigns: 'Browse Campaigns',
  allCaughtUp: 'All caught up',
  checkConnection: 'Check your connection and try again.',
  loadCampaignsFailed: 'Error loading campaigns',
  /** A creator's profile that does not exist (404 of /api/profiles/:id, and the profile screen). */
  creatorNotFound: 'Creator not found',
} as const;

/** The analytics' cost labels: a payout over counted and over completed views. */
export const ANALYTICS_COST_LABELS = {
  perCountedView: 'Per counted view',
  perCompletedView: 'Per completed view',
} as const;

/** The admin's Whitelist toasts (docs/product.md §2 Admin: Whitelist), after Add and after Undo of a removal. */
export const WHITELIST_TOASTS = {
  added: 'Added to whitelist!',
  addFailed: 'Error adding to whitelist',
} as const;

/**
 * The small line under a server failure without a message of its own (5xx, a proxy's error page):
 * the request id (the response's x-request-id, error.requestId) for the user to quote to support.
 */
export function errorReferenceLine(requestId: string): string {
  return `Reference: ${requestId}`;
}

/** An admin list's count line: "1 mail, newest first", "3 jobs, newest first". */
export function countNewestFirst(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}, newest first`;
}

/**
 * The landing page's Platform Features (docs/product.md §1: "creative 30-second video ads, brands meeting
 * talent, real-time performance analytics, and being rewarded through a fair payment system").
 */
export const LANDING_FEATURES = {
  creativeAds: 'Creative 30-second video ads',
  brandsMeetTalent: 'Brands meet talent',
  analytics: 'Real-time performance analytics',
  fairPayment: 'Rewarded through a fair payment system',
} as const;

/** Creator Home's line under its title: a greeting that holds for a first visit as for the tenth. */
export function creatorHomeGreeting(displayName: string | null): string {
  const word = displayName?.trim().split(/\s+/)[0];
  // A name with no space in it can be 100 characters: the greeting keeps the first 24.
  const first = word && word.length > 24 ? `${word.slice(0, 24)}…` : word;
  return `${first ? `Hi ${first}. ` : ''}Your videos, views, likes and earnings at a glance.`;
}

/**
 * /profile for an account that makes no videos (a brand, a viewer): its own page, without the
 * creator's figures (Videos 0, Earnings $0 said nothing true about a brand).
 */
export const ACCOUNT_PROFILE_TEXTS = {
  brandEyebrow: 'Your brand profile',
  brandBody:
    'Brands run campaigns rather than post videos: your campaigns, submissions and payments are on the Brand Dashboard.',
  /** Your own profile's eyebrow (a creator's too). */
  viewerEyebrow: 'Your profile',
  viewerBody:
    'You watch, like, save and share ads. Creators get a public profile with their videos and figures.',
  requestCreatorAccess: 'Request creator access',
  watchFeed: 'Watch the feed',
} as const;

/**
 * docs/product.md's Italian empty states (the feed's 'no ads yet, come back soon' is FEED_MESSAGES.feedEmpty;
 * Earnings' is `earnings` here) with a line below in the same language, so a headline and its
 * subtitle never switch language halfway.
 */
export const ITALIAN_EMPTY_STATES = {
  feedDetail:
    'Le prime ad stanno arrivando. Creator: la tua potrebbe essere la prima che tutti guardano.',
  earnings: 'Guadagna caricando la tua prima ad approvata.',
  earningsDetail:
    'Quando un brand approva un video che hai fatto per la sua campagna, il compenso compare qui.',
} as const;
