/**
 * Accounts and content with the longest unbroken text the forms accept: names,
 * captions, titles, a campaign brief and a report reason with no space to wrap at. A layout that
 * lets such text set its width scrolls sideways on a phone; the layout and screenshot journeys
 * seed these first. Also a brand-rejected entry, the case My Videos and Earnings must agree on.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import {
  accessToken,
  approveWhenProcessed,
  DEMO,
  feedWithAtLeast,
  inviteCode,
  lastMail,
  signUpVerified,
  unique,
  uploadThroughApi,
} from './api';
import { makeClip } from './clips';

export const HOSTILE_PASSWORD = 'a good password';

/** `length` characters of one unbroken word, starting with `prefix`. */
export function unbroken(prefix: string, length: number): string {
  return (prefix + 'W'.repeat(length)).slice(0, length);
}

export interface Account {
  email: string;
  password: string;
}

export interface HostileWorld {
  creator: Account;
  brand: Account;
  /** Verified, with a long display name. */
  viewer: Account;
  /** Signed up, address never proven: the "Verify your email" banner shows. */
  unverified: Account;
  campaignTitle: string;
  rejectedVideoTitle: string;
}

async function account(
  request: APIRequestContext,
  role: 'creator' | 'brand' | 'viewer',
): Promise<Account> {
  // Usernames are at most 50: the unique suffix keeps runs apart, the rest is one long word.
  const tag = unique(role.slice(0, 2));
  const username = `${tag}${'x'.repeat(50 - tag.length)}`;
  const email = `${tag}@example.com`;
  await signUpVerified(request, {
    username,
    displayName: unbroken(`${role}Name`, 100),
    email,
    password: HOSTILE_PASSWORD,
    role,
    inviteCode: await inviteCode(request, role),
  });
  return { email, password: HOSTILE_PASSWORD };
}

/** A viewer who signed up and never opened the link: signed in, the banner above every screen. */
async function unverifiedViewer(request: APIRequestContext): Promise<Account> {
  const tag = unique('un');
  const email = `${tag}@example.com`;
  const created = await request.post('/api/auth/signup', {
    data: {
      username: tag,
      displayName: unbroken('unverified', 100),
      email,
      password: HOSTILE_PASSWORD,
      role: 'viewer',
      inviteCode: await inviteCode(request, 'viewer'),
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  await lastMail(request, email, 'verify_email');
  return { email, password: HOSTILE_PASSWORD };
}

export async function seedHostileWorld(request: APIRequestContext): Promise<HostileWorld> {
  const [creator, brand, viewer, unverified] = [
    await account(request, 'creator'),
    await account(request, 'brand'),
    await account(request, 'viewer'),
    await unverifiedViewer(request),
  ];

  const brandToken = await accessToken(request, brand.email, brand.password);
  const campaignTitle = unbroken(unique('Brief'), 200);
  const campaign = await request.post('/api/brand/campaigns', {
    headers: { authorization: `Bearer ${brandToken}` },
    data: {
      title: campaignTitle,
      description: unbroken('Description', 2000),
      tags: [unbroken('tag', 30), unbroken('second', 30)],
      budgetTotalCents: 999_999_900,
      payoutPerVideoCents: 100_000,
    },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  const campaignId = (await campaign.json()).campaign.id as string;

  // The creator enters it with the longest title and caption; the brand rejects the entry.
  const creatorToken = await accessToken(request, creator.email, creator.password);
  const clip = await makeClip('hostile-entry', 3, { bitrate: '500k' });
  const rejectedVideoTitle = unbroken(unique('Title'), 200);
  await uploadThroughApi(request, creatorToken, clip, {
    filename: 'entry.mp4',
    filetype: 'video/mp4',
    title: rejectedVideoTitle,
    caption: unbroken('Caption', 500),
    campaignId,
  });
  const brandHeaders = { authorization: `Bearer ${brandToken}` };
  let submissionId = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/brand/submissions', { headers: brandHeaders });
        const { submissions } = (await res.json()) as {
          submissions: { id: string; video: { title: string } }[];
        };
        submissionId = submissions.find((s) => s.video.title === rejectedVideoTitle)?.id ?? '';
        return submissionId;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const rejected = await request.post(`/api/brand/submissions/${submissionId}/reject`, {
    headers: brandHeaders,
    data: { reason: unbroken('Reason', 500) },
  });
  expect(rejected.ok(), await rejected.text()).toBeTruthy();

  // A live ad with the longest caption, whatever the demo ads' rendering has reached: the admin
  // approves it once processed. Then a report on it with the longest reason the form takes.
  const liveTitle = unbroken(unique('Live'), 200);
  await uploadThroughApi(request, creatorToken, clip, {
    filename: 'live.mp4',
    filetype: 'video/mp4',
    title: liveTitle,
    caption: unbroken('Caption', 500),
  });
  // On a fresh server the demo ads are rendered at the same time: a longer wait.
  const videoId = await approveWhenProcessed(request, liveTitle, 180_000);
  await feedWithAtLeast(request, 1);
  const viewerToken = await accessToken(request, viewer.email, viewer.password);
  const report = await request.post(`/api/videos/${videoId}/reports`, {
    headers: { authorization: `Bearer ${viewerToken}` },
    data: { reason: unbroken('Reason', 500) },
  });
  expect(report.ok(), await report.text()).toBeTruthy();

  return { creator, brand, viewer, unverified, campaignTitle, rejectedVideoTitle };
}

/** Every route of docs/product.md §2 (the added ones included) a role may open. */
export const PUBLIC_ROUTES = [
  '/',
  '/auth',
  '/join',
  '/feed',
  '/briefs',
  '/guidelines',
  '/how-we-count',
  '/profile',
  '/leaderboard/videos',
  '/leaderboard/creators',
  '/no-such-page',
];
export const CREATOR_ROUTES = [
  '/creator/home',
  '/creator/upload',
  '/creator/videos',
  '/creator/earnings',
];
export const BRAND_ROUTES = ['/brand/dashboard'];
export const ADMIN_ROUTES = [
  '/admin',
  '/admin/invites',
  '/admin/whitelist',
  '/admin/outbox',
  '/admin/jobs',
  '/admin/audit',
];

export { DEMO };
