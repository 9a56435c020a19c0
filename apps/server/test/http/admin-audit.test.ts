/** Every admin action leaves an audit_log row, written with the change it describes (issue 4 item 6). */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, auditLog } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { createVideo, type TestUser } from '../support/factories';

let t: TestApp;
let admin: TestUser;
let headers: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, headers } = await signedInUser(t, 'admin'));
});
afterAll(() => t?.close());

const entriesFor = (targetType: string, targetId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(auditLog.createdAt);

const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function pendingRequest(email: string) {
  const [row] = await t.database.db
    .insert(accessRequests)
    .values({ name: 'Rae Requester', email, role: 'creator' })
    .returning();
  if (!row) throw new Error('no access request');
  return row;
}

describe('audit log of admin actions', () => {
  it('records approve, feature and unfeature of a video by its admin', async () => {
    const video = await createVideo(t.database.db);
    expect((await post(`/api/admin/videos/${video.id}/approve`)).statusCode).toBe(200);
    expect(
      (await post(`/api/admin/videos/${video.id}/feature`, { featured: true })).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/admin/videos/${video.id}/feature`, { featured: false })).statusCode,
    ).toBe(200);
    const rows = await entriesFor('video', video.id);
    expect(rows.map((r) => r.action)).toEqual([
      'video.approve',
      'video.feature',
      'video.unfeature',
    ]);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      targetType: 'video',
      targetId: video.id,
      details: { title: video.title, creatorId: video.creatorId },
      createdAt: expect.any(Date),
    });
  });

  it('records a rejection, and nothing for a refused action', async () => {
    const video = await createVideo(t.database.db);
    expect((await post(`/api/admin/videos/${video.id}/reject`)).statusCode).toBe(200);
    // Refused: no longer pending, not approved. No entry may claim they happened.
    expect((await post(`/api/admin/videos/${video.id}/approve`)).statusCode).toBe(409);
    expect(
      (await post(`/api/admin/videos/${video.id}/feature`, { featured: true })).statusCode,
    ).toBe(409);
    const rows = await entriesFor('video', video.id);
    expect(rows.map((r) => r.action)).toEqual(['video.reject']);
    expect(rows[0]?.actorId).toBe(admin.id);
  });

  it('records each generated invite', async () => {
    const response = await post('/api/admin/invites', { role: 'creator', count: 2, expiryDays: 3 });
    expect(response.statusCode).toBe(201);
    for (const invite of response.json().invites as { id: string; code: string }[]) {
      const rows = await entriesFor('invite', invite.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: admin.id,
        actorRole: 'admin',
        action: 'invite.generate',
        details: { code: invite.code, role: 'creator', expiresAt: expect.any(String) },
      });
    }
  });

  it('records whitelist additions and removals, and a refused removal records nothing', async () => {
    const added = await post('/api/admin/whitelist', {
      email: 'audit-wl@example.com',
      role: 'brand',
    });
    expect(added.statusCode).toBe(201);
    const { id } = added.json();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/whitelist/${id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/whitelist/${id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    const rows = await entriesFor('whitelist', id);
    expect(rows.map((r) => [r.action, r.actorId, r.details])).toEqual([
      ['whitelist.add', admin.id, { email: 'audit-wl@example.com', role: 'brand' }],
      ['whitelist.remove', admin.id, { email: 'audit-wl@example.com', role: 'brand' }],
    ]);
  });

  it('records approving and declining access requests', async () => {
    const approved = await pendingRequest('audit-approve@example.com');
    const response = await post('/api/admin/whitelist', {
      email: 'audit-approve@example.com',
      role: 'creator',
      accessRequestId: approved.id,
    });
    expect(response.statusCode).toBe(201);
    expect(await entriesFor('access_request', approved.id)).toEqual([
      expect.objectContaining({
        action: 'access_request.approve',
        actorId: admin.id,
        actorRole: 'admin',
        details: {
          email: 'audit-approve@example.com',
          role: 'creator',
          whitelistId: response.json().id,
        },
      }),
    ]);

    const declined = await pendingRequest('audit-decline@example.com');
    expect((await post(`/api/admin/access-requests/${declined.id}/decline`)).statusCode).toBe(200);
    expect((await post(`/api/admin/access-requests/${declined.id}/decline`)).statusCode).toBe(409);
    expect(await entriesFor('access_request', declined.id)).toEqual([
      expect.objectContaining({
        action: 'access_request.decline',
        actorId: admin.id,
        details: { email: 'audit-decline@example.com', role: 'creator' },
      }),
    ]);
  });

  it('writes nothing when the change itself is refused (same transaction)', async () => {
    const request = await pendingRequest('audit-mismatch@example.com');
    const response = await post('/api/admin/whitelist', {
      email: 'someone-else@example.com',
      role: 'creator',
      accessRequestId: request.id,
    });
    expect(response.statusCode).toBe(400);
    expect(await entriesFor('access_request', request.id)).toEqual([]);
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'whitelist.add'));
    expect(logged.some((r) => r.details.email === 'someone-else@example.com')).toBe(false);
  });
});
