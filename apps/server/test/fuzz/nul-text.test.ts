/**
 * Regression for what the fuzz tests found (GET /api/admin/audit, seed 1731972510): a NUL character
 * (U+0000) in text that reaches PostgreSQL, which cannot store it, answered 500. It is bad input: a
 * 400 with a clear message, and nothing stored.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, campaigns, reports, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { createInvite, createVideo } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const INVALID_TEXT = {
  error: {
    code: 'invalid_text',
    message: 'Text must not contain NUL characters.',
    requestId: expect.any(String),
  },
};

async function rows() {
  const { db } = t.database;
  const [u] = await db.select({ n: count() }).from(users);
  const [r] = await db.select({ n: count() }).from(reports);
  const [a] = await db.select({ n: count() }).from(accessRequests);
  const [c] = await db.select({ n: count() }).from(campaigns);
  return { users: u?.n, reports: r?.n, accessRequests: a?.n, campaigns: c?.n };
}

describe('a NUL character in text', () => {
  it('is refused with 400 and stores nothing, wherever it reaches the database', async () => {
    const admin = await signedInUser(t, 'admin');
    const viewer = await signedInUser(t, 'viewer');
    const brand = await signedInUser(t, 'brand');
    const video = await createVideo(t.database.db, { status: 'approved' });
    const invite = await createInvite(t.database.db);
    const cases: Array<[string, string, AuthHeaders | Record<string, never>, object?]> = [
      ['GET', '/api/admin/audit?actor=a%00b', admin.headers],
      ['GET', '/api/admin/audit?action=a%00b', admin.headers],
      ['GET', '/api/admin/audit?targetType=a%00b', admin.headers],
      [
        'POST',
        '/api/auth/signup',
        {},
        {
          // A username refuses control characters in its schema (issue 25 item 8): the display
          // name is the sign-up text that reaches the database.
          username: 'nulname',
          displayName: 'nul\u0000name',
          email: 'nul@example.com',
          password: 'secret12',
          role: 'viewer',
          inviteCode: invite.code,
        },
      ],
      ['POST', `/api/videos/${video.id}/reports`, viewer.headers, { reason: 'spam\u0000' }],
      [
        'POST',
        '/api/access-requests',
        {},
        { name: 'a\u0000b', email: 'ask@example.com', role: 'creator', notes: 'x' },
      ],
      [
        'POST',
        '/api/brand/campaigns',
        brand.headers,
        {
          title: 'a\u0000b',
          description: 'c',
          tags: [],
          budgetTotalCents: 1000,
          payoutPerVideoCents: 100,
        },
      ],
    ];
    const before = await rows();
    for (const [method, url, headers, payload] of cases) {
      const response = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 400,
        body: INVALID_TEXT,
      });
    }
    expect(await rows()).toEqual(before);
  });
});
