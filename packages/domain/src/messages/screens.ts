/** SPEC.md §2's screen names, as the navigation, the footer and the screens' titles say them. */
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
  /** /admin/jobs: failed and stuck video processing (issue 17 item 5). */
  failedJobs: 'Failed jobs',
  auditLog: 'Audit log',
  guidelines: 'Community Guidelines',
  /** /how-we-count: what a view is and what is kept apart (issue 16). */
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

/** An admin list's count line: "1 mail, newest first", "3 jobs, newest first". */
export function countNewestFirst(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}, newest first`;
}
