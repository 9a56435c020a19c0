/**
 * An admin whose account has a second factor uses the admin tools only in a session that passed it
 * (issue 8's "admin without a verified second factor where one is enrolled"): a session opened
 * before the factor existed is refused with 403 aal2_required until it confirms the factor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { bearer, totpCode, userWithTotp, verifyFactor } from './mfa.support';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const pending = (headers: { authorization: string }) =>
  ctx.app.inject({ url: '/api/admin/videos', headers });

describe('admin tools and the second factor', () => {
  it('refuses an aal1 session of an admin with a factor until it confirms the factor', async () => {
    const admin = await userWithTotp(ctx, { role: 'admin' });

    const refused = await pending(admin.aal1Headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'aal2_required',
        message: "Confirm it's you with your second factor to use admin tools.",
        requestId: expect.any(String),
      },
    });
    // Refused before the handler: an admin write is refused the same way and changes nothing.
    const recompute = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/scores/recompute',
      headers: admin.aal1Headers,
    });
    expect(recompute.statusCode).toBe(403);

    // The enrolling session passed the factor: in.
    expect((await pending(admin.headers)).statusCode).toBe(200);

    // The old session confirms the factor (step-up) and gets an aal2 token: in.
    const confirmed = await verifyFactor(ctx, admin.aal1Headers, admin.factorId, {
      code: await totpCode(admin.secret, 1),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await pending(bearer(confirmed.json().session.access_token))).statusCode).toBe(200);
  });

  it('lets an admin without a second factor in on the password alone', async () => {
    const { headers } = await signedInUser(ctx, 'admin');
    expect((await pending(headers)).statusCode).toBe(200);
  });

  it("does not ask it of the account's other roles, and refuses non-admins as before", async () => {
    const both = await userWithTotp(ctx, { role: ['admin', 'brand'] });
    const asBrand = await ctx.app.inject({
      url: '/api/brand/campaigns',
      headers: both.aal1Headers,
    });
    expect(asBrand.statusCode).toBe(200);
    expect((await pending(both.aal1Headers)).json().error.code).toBe('aal2_required');

    const viewer = await signedInUser(ctx, 'viewer');
    const refused = await pending(viewer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
  });
});
