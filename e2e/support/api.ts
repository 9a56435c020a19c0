/** Shortcuts through the real HTTP API for what a journey does not test through the screens. */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'adreel-demo';
export const DEMO = {
  admin: 'admin@adreel.test',
  brand: 'brand@adreel.test',
  creator: 'creator@adreel.test',
  viewer: 'viewer@adreel.test',
} as const;

let sequence = 0;
/** A name no other journey of this run uses. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

export async function accessToken(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
) {
  const res = await request.post('/api/auth/token?grant_type=password', {
    data: { email, password },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).session.access_token as string;
}

interface OutboxMail {
  toAddress: string;
  subject: string;
  textBody: string;
  kind: string;
}

/** The newest mail of a kind to an address, read from the outbox as an admin. */
export async function lastMail(
  request: APIRequestContext,
  to: string,
  kind: string,
): Promise<OutboxMail> {
  const token = await accessToken(request, DEMO.admin);
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/outbox', {
        headers: { authorization: `Bearer ${token}` },
      });
      const { mails } = (await res.json()) as { mails: OutboxMail[] };
      found = mails.find((mail) => mail.toAddress === to && mail.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  if (!found) throw new Error(`no ${kind} mail to ${to}`);
  return found;
}

/** The link a person would click in that mail, as a path on this site. */
export async function linkInMail(
  request: APIRequestContext,
  to: string,
  kind: string,
): Promise<string> {
  const mail = await lastMail(request, to, kind);
  const url = mail.textBody.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in the ${kind} mail`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  role: 'creator' | 'brand' | 'viewer';
  displayName?: string;
  inviteCode?: string;
}

/**
 * A new account through the real sign-up, its address proven by the mailed link (decision 022).
 * Sign-up answers "check your inbox" and no session; the link, followed in this same API context
 * (which keeps the sign-up binding cookie, as the browser that signed up would), keeps the chosen
 * password. Gate: an invite code, or an address the admin whitelisted first.
 */
export async function signUpVerified(request: APIRequestContext, account: NewAccount) {
  const created = await request.post('/api/auth/signup', { data: account });
  expect(created.status(), await created.text()).toBe(202);
  const link = new URL(await linkInMail(request, account.email, 'verify_email'), 'http://x');
  const verified = await request.post('/api/auth/verify-email', {
    data: { token: link.searchParams.get('token') },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  expect((await verified.json()).session?.user?.emailVerified).toBe(true);
}

/** An admin's invite code for `role`, valid for a day. */
export async function inviteCode(
  request: APIRequestContext,
  role: 'creator' | 'brand' | 'viewer',
): Promise<string> {
  const token = await accessToken(request, DEMO.admin);
  const invite = await request.post('/api/admin/invites', {
    headers: { authorization: `Bearer ${token}` },
    data: { role, expiryDays: 1, count: 1 },
  });
  expect(invite.ok(), await invite.text()).toBeTruthy();
  return (await invite.json()).invites[0].code as string;
}

export async function signInThroughScreen(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  // Exact: "Sign in with a passkey" is a button of this form too.
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

interface FeedVideoSummary {
  id: string;
  title: string;
  views: number;
  likes: number;
  likedByMe: boolean;
}

/**
 * The first page of the feed as the API serves it, once it holds at least `count` videos: the demo
 * videos are rendered in the background after the server starts (six designed ads, decision 035:
 * about 45 s of CPU, so up to a few minutes on a busy two-core machine).
 */
export async function feedWithAtLeast(
  request: APIRequestContext,
  count: number,
  token?: string,
): Promise<FeedVideoSummary[]> {
  let videos: FeedVideoSummary[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/feed', {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        videos = res.ok() ? ((await res.json()) as { videos: FeedVideoSummary[] }).videos : [];
        return videos.length;
      },
      { timeout: 300_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(count);
  return videos;
}

/** One video's counters as the feed reports them now. */
export async function feedVideo(
  request: APIRequestContext,
  id: string,
): Promise<FeedVideoSummary | undefined> {
  const res = await request.get(`/api/feed?start=${id}`);
  const { videos } = (await res.json()) as { videos: FeedVideoSummary[] };
  return videos.find((video) => video.id === id);
}

/** Uploads a clip through the tus API as the upload screen would; returns once it is stored. */
export async function uploadThroughApi(
  request: APIRequestContext,
  token: string,
  file: { path: string; bytes: number },
  metadata: Record<string, string>,
): Promise<void> {
  const encoded = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const headers = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await request.post('/api/uploads', {
    headers: { ...headers, 'upload-length': String(file.bytes), 'upload-metadata': encoded },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sent = await request.patch(created.headers().location ?? '', {
    headers: {
      ...headers,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    data: readFileSync(file.path),
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/**
 * Waits for an uploaded video to finish processing, approves it as the admin, and returns its id.
 * `timeoutMs`: longer where processing shares the cores with the demo ads a fresh server renders.
 */
export async function approveWhenProcessed(
  request: APIRequestContext,
  title: string,
  timeoutMs = 60_000,
): Promise<string> {
  const token = await accessToken(request, DEMO.admin);
  const headers = { authorization: `Bearer ${token}` };
  let id = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/admin/videos?status=pending', { headers });
        const { videos } = (await res.json()) as { videos: { id: string; title: string }[] };
        id = videos.find((video) => video.title === title)?.id ?? '';
        return id;
      },
      { timeout: timeoutMs, intervals: [1_000] },
    )
    .not.toBe('');
  const approved = await request.post(`/api/admin/videos/${id}/approve`, { headers });
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

/** The newest mail of a kind to an address whose text contains `needle`. */
export async function mailContaining(
  request: APIRequestContext,
  to: string,
  kind: string,
  needle: string,
): Promise<OutboxMail> {
  const token = await accessToken(request, DEMO.admin);
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/outbox', {
        headers: { authorization: `Bearer ${token}` },
      });
      const { mails } = (await res.json()) as { mails: OutboxMail[] };
      found = mails.find(
        (mail) => mail.toAddress === to && mail.kind === kind && mail.textBody.includes(needle),
      );
      return Boolean(found);
    })
    .toBe(true);
  if (!found) throw new Error(`no ${kind} mail to ${to} with ${needle}`);
  return found;
}
