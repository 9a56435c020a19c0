import { INVITE_CODE_PATTERN } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invites } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { createInvite, createUser, type TestUser } from '../support/factories';

/** Codes the generator draws next, to stage collisions; real random codes once it is empty. */
const nextCodes = vi.hoisted(() => [] as string[]);
vi.mock('../../src/modules/access/invite-codes', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/modules/access/invite-codes')>();
  return { generateInviteCode: () => nextCodes.shift() ?? real.generateInviteCode() };
});

let ctx: TestApp;
let admin: TestUser;
let headers: AuthHeaders;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ user: admin, headers } = await signedInUser(ctx, 'admin'));
});
afterAll(() => ctx.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const generate = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/invites', payload, headers });

describe('POST /api/admin/invites', () => {
  it('makes one code valid for 7 days unless told otherwise, and records who made it', async () => {
    const before = Date.now();
    const res = await generate({ role: 'creator' });
    expect(res.statusCode).toBe(201);
    const { invites: created } = res.json();
    expect(created).toHaveLength(1);
    const [invite] = created;
    expect(invite).toMatchObject({
      role: 'creator',
      isUsed: false,
      usedAt: null,
      usedByUsername: null,
      status: 'Active',
    });
    expect(invite.code).toMatch(INVITE_CODE_PATTERN);
    const expiresIn = Date.parse(invite.expiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(expiresIn).toBeLessThanOrEqual(7 * DAY_MS + 60_000);

    const [row] = await ctx.database.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(row?.createdBy).toBe(admin.id);
  });

  it('makes as many distinct codes as asked, with the expiry asked for', async () => {
    const res = await generate({ role: 'brand', count: 100, expiryDays: 365 });
    expect(res.statusCode).toBe(201);
    const { invites: created } = res.json() as {
      invites: Array<{ code: string; expiresAt: string }>;
    };
    expect(created).toHaveLength(100);
    expect(new Set(created.map((invite) => invite.code)).size).toBe(100);
    for (const invite of created) {
      expect(invite.code).toMatch(INVITE_CODE_PATTERN);
      expect(Date.parse(invite.expiresAt) - Date.now()).toBeGreaterThan(364 * DAY_MS);
    }
  });

  it('draws again when a code collides with an existing one or with itself', async () => {
    await createInvite(ctx.database.db, { code: 'TAKEN001' });
    nextCodes.push('TAKEN001', 'TWICE001', 'TWICE001', 'FRESH001');
    const res = await generate({ role: 'creator', count: 2 });
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .invites.map((invite: { code: string }) => invite.code)
        .sort(),
    ).toEqual(['FRESH001', 'TWICE001']);
    const [taken] = await ctx.database.db
      .select()
      .from(invites)
      .where(eq(invites.code, 'TAKEN001'));
    expect(taken?.role).toBe('viewer');
  });

  it('accepts the numbers as the form sends them, as text', async () => {
    const res = await generate({ role: 'viewer', count: '2', expiryDays: '1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().invites).toHaveLength(2);
  });

  it.each([
    [{ role: 'creator', expiryDays: 0 }, 'Expiry must be between 1 and 365 days'],
    [{ role: 'creator', expiryDays: 366 }, 'Expiry must be between 1 and 365 days'],
    [{ role: 'creator', expiryDays: 1.5 }, 'Expiry must be between 1 and 365 days'],
    [{ role: 'creator', count: 0 }, 'Count must be between 1 and 100'],
    [{ role: 'creator', count: 101 }, 'Count must be between 1 and 100'],
    [{ role: 'admin' }, 'Invalid role'],
    [{}, 'Invalid role'],
  ])('refuses %j with the schema’s message', async (payload, message) => {
    const res = await generate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation_failed', message, requestId: expect.any(String) },
    });
  });
});

describe('GET /api/admin/invites', () => {
  it('lists every invite newest first, with its status and who used it', async () => {
    const user = await createUser(ctx.database.db, { username: 'used_it' });
    const now = Date.now();
    await createInvite(ctx.database.db, {
      code: 'USED0001',
      isUsed: true,
      usedAt: new Date(now - 1000),
      usedByUserId: user.id,
      createdAt: new Date(now - 3 * DAY_MS),
    });
    await createInvite(ctx.database.db, {
      code: 'EXPIRED1',
      expiresAt: new Date(now - DAY_MS),
      createdAt: new Date(now - 2 * DAY_MS),
    });
    await createInvite(ctx.database.db, { code: 'ACTIVE01', createdAt: new Date(now - DAY_MS) });

    const res = await ctx.app.inject({ url: '/api/admin/invites', headers });
    expect(res.statusCode).toBe(200);
    const listed = res.json().invites as Array<{ code: string; createdAt: string }>;
    const times = listed.map((invite) => Date.parse(invite.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byCode = new Map(listed.map((invite) => [invite.code, invite]));
    expect(byCode.get('USED0001')).toMatchObject({
      status: 'Used',
      isUsed: true,
      usedByUsername: 'used_it',
    });
    expect(byCode.get('EXPIRED1')).toMatchObject({ status: 'Expired', usedByUsername: null });
    expect(byCode.get('ACTIVE01')).toMatchObject({ status: 'Active' });
    expect(listed.slice(-3).map((invite) => invite.code)).toEqual([
      'ACTIVE01',
      'EXPIRED1',
      'USED0001',
    ]);
  });
});
