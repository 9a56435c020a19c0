/** Shortcuts through the real HTTP API for what a journey does not test through the screens. */
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

export async function signInThroughScreen(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  // Exact: "Sign in with a passkey" is a button of this form too.
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}
