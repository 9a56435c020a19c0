import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, mailOutbox, whitelist } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import type { TestUser } from '../support/factories';

let ctx: TestApp;
let admin: TestUser;
let headers: AuthHeaders;
beforeAll(async () => {
  ctx = await createTestApp({ APP_NAME: 'Reelio', PUBLIC_URL: 'https://reelio.example' });
  ({ user: admin, headers } = await signedInUser(
    ctx,
    'admin',
    {},
    { env: { PUBLIC_URL: 'https://reelio.example' } },
  ));
});
afterAll(() => ctx.close());

const add = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/whitelist', payload, headers });

async function pendingRequest(email: string, role: 'creator' | 'brand' | 'viewer' = 'brand') {
  const [row] = await ctx.database.db
    .insert(accessRequests)
    .values({ name: 'Rae Requester', email, role })
    .returning();
  if (!row) throw new Error('no access request');
  return row;
}

const requestRow = async (id: string) =>
  (await ctx.database.db.select().from(accessRequests).where(eq(accessRequests.id, id)))[0];
const mailsTo = (to: string, kind: string) =>
  ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));

describe('whitelist', () => {
  it('adds an address lower-cased with its role, lists it and removes it', async () => {
    const res = await add({ email: ' Star@Example.COM ', role: 'admin' });
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toEqual({
      id: expect.any(String),
      email: 'star@example.com',
      roleAllowed: 'admin',
      createdAt: expect.any(String),
    });

    const list = await ctx.app.inject({ url: '/api/admin/whitelist', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().entries).toContainEqual(entry);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/whitelist/${entry.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const after = await ctx.app.inject({ url: '/api/admin/whitelist', headers });
    expect(after.json().entries).not.toContainEqual(entry);

    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/whitelist/${entry.id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Whitelist entry not found');
  });

  it('refuses an address that is already listed, whatever its case', async () => {
    expect((await add({ email: 'twice@example.com', role: 'viewer' })).statusCode).toBe(201);
    const res = await add({ email: 'TWICE@example.com', role: 'brand' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'already_whitelisted',
        message: 'This email is already on the whitelist',
        requestId: expect.any(String),
      },
    });
  });

  it.each([
    [{ email: 'nope', role: 'viewer' }, 'Invalid email address'],
    [
      { email: `${'a'.repeat(250)}@example.com`, role: 'viewer' },
      'Email must be less than 255 characters',
    ],
    [{ email: 'ok@example.com', role: 'owner' }, 'Invalid role'],
    [
      { email: 'ok@example.com', role: 'viewer', accessRequestId: 'abc' },
      'Invalid access request id',
    ],
  ])('refuses %j with the schema’s message', async (payload, message) => {
    const res = await add(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('answers 400, not 500, to a malformed id', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/admin/whitelist/42', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid id');
  });
});

describe('approving an access request through the whitelist', () => {
  it('marks the request approved and mails the requester a sign-up link, with the entry', async () => {
    const request = await pendingRequest('rae+beta@example.com');
    const res = await add({
      email: 'rae+beta@example.com',
      role: 'brand',
      accessRequestId: request.id,
    });
    expect(res.statusCode).toBe(201);

    const decided = await requestRow(request.id);
    expect(decided).toMatchObject({ status: 'approved', decidedBy: admin.id });
    expect(decided?.decidedAt).toBeInstanceOf(Date);

    const [mail] = await mailsTo('rae+beta@example.com', 'access_approved');
    expect(mail?.subject).toBe('Your Reelio Beta access is approved');
    const link = 'https://reelio.example/auth?tab=signup&email=rae%2Bbeta%40example.com';
    expect(mail?.textBody).toContain(link);
    expect(mail?.htmlBody).toContain(`href="${link.replace('&', '&amp;')}"`);

    const pending = await ctx.app.inject({ url: '/api/admin/access-requests', headers });
    expect(pending.json().requests.map((r: { id: string }) => r.id)).not.toContain(request.id);
  });

  it('changes nothing when the address is already listed', async () => {
    const request = await pendingRequest('listed@example.com');
    await ctx.database.db
      .insert(whitelist)
      .values({ email: 'listed@example.com', roleAllowed: 'viewer' });
    const res = await add({
      email: 'listed@example.com',
      role: 'brand',
      accessRequestId: request.id,
    });
    expect(res.statusCode).toBe(409);
    expect((await requestRow(request.id))?.status).toBe('pending');
    expect(await mailsTo('listed@example.com', 'access_approved')).toHaveLength(0);
  });

  it('refuses an address other than the requester’s, and adds nothing', async () => {
    const request = await pendingRequest('real@example.com');
    const res = await add({
      email: 'other@example.com',
      role: 'brand',
      accessRequestId: request.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The email does not match the access request');
    const rows = await ctx.database.db
      .select()
      .from(whitelist)
      .where(eq(whitelist.email, 'other@example.com'));
    expect(rows).toHaveLength(0);
    expect((await requestRow(request.id))?.status).toBe('pending');
  });

  it('refuses a request that was already decided, and one that does not exist', async () => {
    const request = await pendingRequest('decided@example.com');
    const decline = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/access-requests/${request.id}/decline`,
      headers,
    });
    expect(decline.statusCode).toBe(200);
    const late = await add({
      email: 'decided@example.com',
      role: 'brand',
      accessRequestId: request.id,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This access request was already declined');

    const missing = await add({
      email: 'ghost@example.com',
      role: 'brand',
      accessRequestId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Access request not found');
  });
});

describe('access requests', () => {
  it('lists pending requests by default, newest first, and others when asked', async () => {
    const older = await pendingRequest('older@example.com', 'creator');
    const newer = await pendingRequest('newer@example.com', 'viewer');
    await ctx.database.db
      .update(accessRequests)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(accessRequests.id, older.id));
    const declined = await pendingRequest('no@example.com');
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/access-requests/${declined.id}/decline`,
      headers,
    });

    const res = await ctx.app.inject({ url: '/api/admin/access-requests', headers });
    expect(res.statusCode).toBe(200);
    const listed = res.json().requests as Array<{ id: string; status: string }>;
    expect(listed.every((request) => request.status === 'pending')).toBe(true);
    const ids = listed.map((request) => request.id);
    expect(ids).not.toContain(declined.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(listed.find((request) => request.id === newer.id)).toEqual({
      id: newer.id,
      name: 'Rae Requester',
      email: 'newer@example.com',
      role: 'viewer',
      notes: null,
      status: 'pending',
      createdAt: newer.createdAt.toISOString(),
    });

    const declinedList = await ctx.app.inject({
      url: '/api/admin/access-requests?status=declined',
      headers,
    });
    expect(declinedList.json().requests.map((r: { id: string }) => r.id)).toContain(declined.id);
    const all = await ctx.app.inject({ url: '/api/admin/access-requests?status=all', headers });
    const allIds = all.json().requests.map((r: { id: string }) => r.id);
    expect(allIds).toEqual(expect.arrayContaining([declined.id, newer.id, older.id]));
    const bad = await ctx.app.inject({ url: '/api/admin/access-requests?status=maybe', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid status');
  });

  it('declines a pending request once', async () => {
    const request = await pendingRequest('decline-me@example.com');
    const url = `/api/admin/access-requests/${request.id}/decline`;
    const res = await ctx.app.inject({ method: 'POST', url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: request.id, status: 'declined' });
    expect(await requestRow(request.id)).toMatchObject({ status: 'declined', decidedBy: admin.id });

    const again = await ctx.app.inject({ method: 'POST', url, headers });
    expect(again.statusCode).toBe(409);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/access-requests/00000000-0000-4000-8000-000000000000/decline',
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
