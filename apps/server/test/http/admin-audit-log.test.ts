/**
 * GET /api/admin/audit (issue 7): who did what to which target and when, newest first, filtered by
 * actor, action, target type and dates, paged by cursor; admins only.
 */
import { AUDIT_PAGE_SIZE, type AuditPage } from '@adreel/domain/audit-api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser, signInAs } from '../support/auth';
import { createUser, createVideo } from '../support/factories';

let t: TestApp;
let headers: AuthHeaders;
let adminName: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInUser(t, 'admin', { username: 'Audit_Admin' });
  headers = admin.headers;
  adminName = admin.user.username;
});
afterAll(() => t.close());

async function audit(query = ''): Promise<AuditPage> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe('audit log API', () => {
  it('lists what an admin did, with who, what, target and when, newest first', async () => {
    const video = await createVideo(t.database.db);
    for (const [step, payload] of [
      ['approve', undefined],
      ['feature', { featured: true }],
    ] as const) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/admin/videos/${video.id}/${step}`,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(answer.statusCode).toBe(200);
    }
    const whitelisted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/whitelist',
      headers,
      payload: { email: 'new.brand@example.com', role: 'brand' },
    });
    expect(whitelisted.statusCode).toBeLessThan(300);

    const page = await audit(`?actor=${adminName.toLowerCase()}`);
    expect(page.entries.map((entry) => entry.action)).toEqual([
      'whitelist.add',
      'video.feature',
      'video.approve',
    ]);
    const [, feature] = page.entries;
    expect(feature).toMatchObject({
      actor: { username: adminName, deleted: false },
      actorRole: 'admin',
      targetType: 'video',
      targetId: video.id,
    });
    expect(Date.parse(feature?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    expect((await audit('?action=video.approve')).entries).toHaveLength(1);
    expect((await audit('?targetType=whitelist')).entries.map((e) => e.action)).toEqual([
      'whitelist.add',
    ]);
    expect((await audit('?actor=nobody_here')).entries).toEqual([]);

    const facets = await t.app.inject({ method: 'GET', url: '/api/admin/audit/facets', headers });
    expect(facets.json()).toMatchObject({
      actions: expect.arrayContaining(['video.approve', 'video.feature', 'whitelist.add']),
      targetTypes: expect.arrayContaining(['video', 'whitelist']),
    });
  });

  it('records a brand creating a campaign (its budget) with the brand as actor', async () => {
    const brand = await signedInUser(t, 'brand', { username: 'fizz_brand' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/brand/campaigns',
      headers: brand.headers,
      payload: {
        title: 'Audited drop',
        description: 'A brief',
        tags: [],
        budgetTotalCents: 50_000,
        payoutPerVideoCents: 5_000,
      },
    });
    expect(created.statusCode).toBe(201);
    const [entry] = (await audit('?action=campaign.create')).entries;
    expect(entry).toMatchObject({
      actor: { username: 'fizz_brand' },
      actorRole: 'brand',
      targetType: 'campaign',
      targetId: created.json().campaign.id,
      details: { title: 'Audited drop', budgetTotalCents: 50_000, payoutPerVideoCents: 5_000 },
    });
  });

  it('labels a brand who also holds viewer as the brand (issue 18: the log said "viewer")', async () => {
    // A whitelisted sign-up holds viewer first, then brand once the address is proven.
    const user = await createUser(t.database.db, {
      role: ['viewer', 'brand'],
      username: 'whitelisted_brand',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/brand/campaigns',
      headers: await signInAs(t, user),
      payload: {
        title: 'Two roles',
        description: 'A brief',
        tags: [],
        budgetTotalCents: 10_000,
        payoutPerVideoCents: 1_000,
      },
    });
    expect(created.statusCode).toBe(201);
    const [entry] = (await audit('?action=campaign.create')).entries;
    expect(entry).toMatchObject({
      actor: { username: 'whitelisted_brand' },
      actorRole: 'brand',
      targetId: created.json().campaign.id,
    });
  });

  it('filters by UTC days and pages through older entries with a cursor', async () => {
    const { db } = t.database;
    const actor = await createUser(db, { role: 'admin' });
    const base = Date.parse('2025-03-10T12:00:00Z');
    await db.insert(auditLog).values(
      Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, i) => ({
        actorId: actor.id,
        actorRole: 'admin' as const,
        action: 'invite.generate',
        targetType: 'invite',
        targetId: `CODE${i}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await db.insert(auditLog).values({
      actorId: actor.id,
      action: 'invite.generate',
      targetType: 'invite',
      targetId: 'NEXTDAY',
      createdAt: new Date('2025-03-11T00:30:00Z'),
    });

    const first = await audit('?from=2025-03-10&to=2025-03-10');
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]?.targetId).toBe(`CODE${AUDIT_PAGE_SIZE + 4}`);
    expect(first.nextCursor).not.toBeNull();
    const second = await audit(
      `?from=2025-03-10&to=2025-03-10&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(second.entries.map((e) => e.targetId)).toEqual([
      'CODE4',
      'CODE3',
      'CODE2',
      'CODE1',
      'CODE0',
    ]);
    expect(second.nextCursor).toBeNull();
    expect((await audit('?from=2025-03-11&to=2025-03-11')).entries.map((e) => e.targetId)).toEqual([
      'NEXTDAY',
    ]);
  });

  it('shows a deleted actor as deleted, without their name', async () => {
    const { db } = t.database;
    const gone = await createUser(db, { role: 'brand' });
    await db.insert(auditLog).values({
      actorId: gone.id,
      actorRole: 'brand',
      action: 'transaction.mark_paid',
      targetType: 'transaction',
      targetId: 'tx-1',
    });
    await db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, gone.id));
    const [entry] = (await audit(`?actor=${gone.id}`)).entries;
    expect(entry?.actor).toEqual({ id: gone.id, username: null, displayName: null, deleted: true });
  });

  it('explains bad filters, and is for admins only', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?from=yesterday',
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Use a date like 2026-01-31');
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?from=2025-03-11&to=2025-03-10',
      headers,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe('The start date must be before the end date');
    const cursor = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?cursor=xyz',
      headers,
    });
    expect(cursor.statusCode).toBe(400);
    const brand = await signedInUser(t, 'brand');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: brand.headers }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
