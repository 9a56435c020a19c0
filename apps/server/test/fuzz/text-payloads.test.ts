/**
 * Script, HTML, SQL and template payloads in every field a person writes are stored as given and
 * read back unchanged through the API: nothing is escaped, stripped or executed on the way in. (How
 * the browser shows them, as text, is e2e/injection.spec.ts.)
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { createCampaign, createInvite, createVideo } from '../support/factories';
import { encodeMetadata, TUS } from '../support/tus';

/** Each short enough for the shortest field it goes into (tags: 30 characters). */
const SCRIPT = '<script>window.__pwned=1</script>';
const IMG = '<img src=x onerror=alert(1)>';
const SQL = `'; drop table users;--`;
const TEMPLATE = `{{7*7}}\${7*7}`;
/** All of them at once, for the fields long enough (titles, captions, reasons, notes). */
const ALL = `${SCRIPT} ${IMG} ${SQL} ${TEMPLATE}`;

let t: TestApp;
let fixtures: VideoFixtures;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adreel-data-'));
  [fixtures, t] = await Promise.all([makeVideoFixtures(), createTestApp({ DATA_DIR: dataDir })]);
}, 120_000);
afterAll(() => t?.close());

async function get(url: string, headers: AuthHeaders) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function post(url: string, headers: AuthHeaders | Record<string, never>, payload: unknown) {
  const response = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

describe('payloads in text fields', () => {
  it('a username and display name from sign-up', async () => {
    for (const [username, displayName] of [
      [SCRIPT, IMG],
      [SQL, TEMPLATE],
      [`${IMG}x`, ALL.slice(0, 100)],
    ] as const) {
      const invite = await createInvite(t.database.db, { role: 'viewer' });
      const email = `p${Math.random().toString(36).slice(2)}@example.test`;
      const signedUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          username,
          displayName,
          email,
          password: 'correct horse',
          role: 'viewer',
          inviteCode: invite.code,
        },
      });
      expect(signedUp.statusCode, signedUp.body).toBeLessThan(300);
      // Sign-up starts no session (decision 022); the password signs in before the address is proven.
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password: 'correct horse' },
      });
      const token = signedIn.json().session?.access_token as string | undefined;
      if (!token) throw new Error(`no session in ${signedIn.body}`);
      const me = await get('/api/profiles/me', { authorization: `Bearer ${token}` });
      expect(me).toMatchObject({ username, displayName });
    }
  });

  it('a video title, caption and call-to-action text from the upload', async () => {
    const { headers } = await signedInUser(t, 'creator');
    const bytes = await readFile(fixtures.shortMp4);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers,
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': encodeMetadata({
          title: ALL,
          caption: ALL,
          ctaText: IMG,
          ctaUrl: 'https://example.test/?q=<script>',
          filename: `${SCRIPT}.mp4`,
          filetype: 'video/mp4',
        }),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const done = await t.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: {
        ...headers,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes,
    });
    expect(done.statusCode, done.body).toBe(201);
    const { videos } = await get('/api/creator/videos', headers);
    expect(videos).toContainEqual(
      expect.objectContaining({
        title: ALL,
        caption: ALL,
        ctaText: IMG,
        ctaUrl: 'https://example.test/?q=<script>',
      }),
    );
  });

  it('a campaign title, description and tags', async () => {
    const { headers } = await signedInUser(t, 'brand');
    const tags = [SCRIPT.slice(0, 30), IMG, SQL, TEMPLATE];
    await post('/api/brand/campaigns', headers, {
      title: ALL,
      description: `${ALL}\n${ALL}`,
      tags,
      budgetTotalCents: 100_000,
      payoutPerVideoCents: 10_000,
    });
    const { campaigns } = await get('/api/brand/campaigns', headers);
    expect(campaigns).toContainEqual(
      expect.objectContaining({ title: ALL, description: `${ALL}\n${ALL}`, tags }),
    );
    const open = await get('/api/campaigns/open', (await signedInUser(t, 'creator')).headers);
    expect(open.campaigns).toContainEqual(expect.objectContaining({ title: ALL }));
  });

  it('a report reason, as the admin and the reporter read it', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const viewer = await signedInUser(t, 'viewer');
    await post(`/api/videos/${video.id}/reports`, viewer.headers, { reason: ALL });
    const admin = await signedInUser(t, 'admin');
    const forAdmin = await get('/api/admin/reports', admin.headers);
    expect(forAdmin.reports).toContainEqual(expect.objectContaining({ reason: ALL }));
    const mine = await get('/api/me/reports', viewer.headers);
    expect(mine.reports).toContainEqual(expect.objectContaining({ reason: ALL }));
  });

  it('a request to join: name and notes', async () => {
    const email = `j${Math.random().toString(36).slice(2)}@example.test`;
    await post(
      '/api/access-requests',
      {},
      { name: ALL.slice(0, 100), email, role: 'creator', notes: ALL },
    );
    const admin = await signedInUser(t, 'admin');
    const { requests } = await get('/api/admin/access-requests', admin.headers);
    expect(requests).toContainEqual(
      expect.objectContaining({ name: ALL.slice(0, 100), notes: ALL }),
    );
  });

  it('a brand’s reason for rejecting a submission, as the creator reads it', async () => {
    const brand = await signedInUser(t, 'brand');
    const creator = await signedInUser(t, 'creator');
    const campaign = await createCampaign(t.database.db, { brandId: brand.user.id, title: ALL });
    const video = await createVideo(t.database.db, {
      creatorId: creator.user.id,
      status: 'approved',
      title: ALL,
    });
    const [submission] = await t.database.db
      .insert(submissions)
      .values({ campaignId: campaign.id, creatorId: creator.user.id, videoId: video.id })
      .returning();
    await post(`/api/brand/submissions/${submission?.id}/reject`, brand.headers, { reason: ALL });
    const { submissions: mine } = await get('/api/creator/submissions', creator.headers);
    expect(JSON.stringify(mine)).toContain(JSON.stringify(ALL).slice(1, -1));
    expect(mine).toContainEqual(expect.objectContaining({ rejectionReason: ALL }));
  });
});
