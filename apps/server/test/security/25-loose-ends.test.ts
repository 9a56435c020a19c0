/**
 * Issue 25 item 9, three loose ends:
 * - a brand could mark paid a payout whose creator had deleted their account (nobody to pay);
 * - safeRedirectPath('/.//x/%2e%2e') answered '//', which made the sign-in redirect throw a 500
 *   once an identity provider was configured;
 * - a session opened before a second factor was enrolled stayed at aal1 and could still export
 *   (or delete) the account: now that takes a session that passed the factor.
 */

import { CAMPAIGN_ERRORS } from '@adreel/domain';
import { ACCOUNT_DATA_MESSAGES } from '@adreel/domain/account-data-api';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions, transactions } from '../../src/db/schema';
import { safeRedirectPath, withParams } from '../../src/modules/oidc/oidc.redirect';
import { startProvider } from '../permissions/provider';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { createCampaign, createUser, createVideo } from '../support/factories';

let ctx: TestApp;
let stopProvider: () => Promise<void>;
beforeAll(async () => {
  const provider = await startProvider();
  stopProvider = provider.stop;
  ctx = await createTestApp(provider.env);
});
afterAll(async () => {
  await ctx?.close();
  await stopProvider?.();
});

describe("a deleted creator's payout (issue 25 item 9)", () => {
  it('cannot be marked paid: nobody is there to pay, and the row stays recorded', async () => {
    const { db } = ctx.database;
    const { user: brand, headers } = await signedInUser(ctx, 'brand');
    const creator = await createUser(db, { role: 'creator', password: 'creator password' });
    const campaign = await createCampaign(db, { brandId: brand.id });
    const video = await createVideo(db, {
      creatorId: creator.id,
      campaignId: campaign.id,
      status: 'approved',
    });
    await db.insert(submissions).values({
      campaignId: campaign.id,
      creatorId: creator.id,
      videoId: video.id,
      status: 'approved_by_brand',
      decidedAt: new Date(),
    });
    const [payout] = await db
      .insert(transactions)
      .values({
        campaignId: campaign.id,
        videoId: video.id,
        brandId: brand.id,
        creatorId: creator.id,
        amountCents: campaign.payoutPerVideoCents,
        type: 'booking',
      })
      .returning();
    if (!payout) throw new Error('no payout');

    // The creator deletes their account: the ledger keeps the row without them.
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: creator.email, password: 'creator password' },
    });
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { authorization: `Bearer ${signedIn.json().session.access_token}` },
      payload: { password: 'creator password' },
    });
    expect(deleted.statusCode).toBe(200);

    const marked = await ctx.app.inject({
      method: 'POST',
      url: `/api/brand/transactions/${payout.id}/mark-paid`,
      headers,
    });
    expect(marked.statusCode).toBe(409);
    expect(marked.json().error).toMatchObject({
      code: 'creator_deleted',
      message: CAMPAIGN_ERRORS.creatorDeleted,
    });
    const [row] = await db.select().from(transactions).where(eq(transactions.id, payout.id));
    expect(row).toMatchObject({ status: 'recorded', paidAt: null, creatorId: null });
  });
});

describe('the sign-in redirect (issue 25 item 9)', () => {
  it.each([
    '/.//x/%2e%2e',
    '/./%2e%2e//evil.example',
    '/%2e%2e//evil.example/',
    '/a/..//evil.example',
  ])('refuses %s, which the browser would read as another host', (target) => {
    expect(safeRedirectPath(target, 'https://adreel.example')).toBeNull();
  });

  it('keeps ordinary paths as they were', () => {
    expect(safeRedirectPath('/auth/callback?next=%2Ffeed', 'https://adreel.example')).toBe(
      '/auth/callback?next=%2Ffeed',
    );
    expect(withParams('//', { error: 'x' })).toBe('/?error=x');
  });

  it('answers a bad request, never a 500, with a provider configured', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/authorize?provider=test&redirect_to=${encodeURIComponent('/.//x/%2e%2e')}&code_challenge=${'a'.repeat(43)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_redirect');
  });
});

describe('account data from a session older than the second factor (issue 25 item 9)', () => {
  it('export and deletion ask that session to confirm the factor first', async () => {
    const password = 'owner password';
    const user = await createUser(ctx.database.db, { password });
    const signIn = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/token?grant_type=password',
        payload: { email: user.email, password },
      });
    const older = await signIn();
    const olderHeaders = { authorization: `Bearer ${older.json().session.access_token}` };
    const enrolling = await signIn();
    const headers = { authorization: `Bearer ${enrolling.json().session.access_token}` };

    const enrolled = await ctx.app.inject({
      method: 'POST',
      url: '/api/factors',
      headers,
      payload: { factor_type: 'totp', friendly_name: 'Phone' },
    });
    expect(enrolled.statusCode).toBe(201);
    const { id, totp } = enrolled.json();
    const verified = await ctx.app.inject({
      method: 'POST',
      url: `/api/factors/${id}/verify`,
      headers,
      payload: { code: await generate({ secret: totp.secret }) },
    });
    expect(verified.statusCode).toBe(200);
    const aal2 = { authorization: `Bearer ${verified.json().session.access_token}` };

    for (const [method, url, payload] of [
      ['GET', '/api/account/export', undefined],
      ['POST', '/api/account/delete', { password }],
    ] as const) {
      const refused = await ctx.app.inject({
        method,
        url,
        headers: olderHeaders,
        ...(payload ? { payload } : {}),
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'aal2_required',
        message: ACCOUNT_DATA_MESSAGES.confirmSecondFactor,
      });
    }
    // The session that passed the factor may.
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: aal2,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().profile.email).toBe(user.email);
  });
});
