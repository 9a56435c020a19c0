/**
 * Issue 25 item 6: a reset link outlived a password change. Whoever changes or resets the password
 * ends every mailed reset and verification link of the account still outstanding: a link sitting in
 * an old mailbox copy, a forwarded mail or a shared inbox must not set another password afterwards.
 */
import { MESSAGES } from '@adreel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';
import { linkTokenFrom } from '../support/mail';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({}, { rateLimits: { recoverPerAccount: 100, signUpPerIp: 100 } });
});
afterAll(() => ctx.close());

const PASSWORD = 'first password';

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload, headers });
}

async function resetLink(email: string): Promise<string> {
  expect((await post('/api/auth/recover', { email })).statusCode).toBe(202);
  return linkTokenFrom(ctx.database.db, email, 'reset_password');
}

async function signIn(email: string, password = PASSWORD) {
  const res = await post('/api/auth/token?grant_type=password', { email, password });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().session.access_token}` };
}

const resetWith = (token: string, password: string) =>
  post('/api/auth/reset-password', { token, password });

function expectSpent(res: { statusCode: number; json(): { error: { code: string } } }) {
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('invalid_link');
}

describe('mailed links do not outlive a new password (issue 25 item 6)', () => {
  it('a reset spends every other reset link of the account', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);

    expect((await resetWith(newer, 'second password')).statusCode).toBe(200);
    expectSpent(await resetWith(older, 'attacker password'));
    await signIn(user.email, 'second password');
  });

  it('changing the password on /account spends the reset links mailed before', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const link = await resetLink(user.email);
    const headers = await signIn(user.email);

    const changed = await post(
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: 'changed password' },
      headers,
    );
    expect(changed.statusCode).toBe(204);
    expectSpent(await resetWith(link, 'attacker password'));
    await signIn(user.email, 'changed password');

    // A link asked for after the change works as usual.
    const fresh = await resetLink(user.email);
    expect((await resetWith(fresh, 'third password')).statusCode).toBe(200);
  });

  it('changing the password spends the verification link too', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD, emailVerified: false });
    const headers = await signIn(user.email);
    expect((await post('/api/auth/verify-email/resend', {}, headers)).statusCode).toBe(202);
    const verify = await linkTokenFrom(ctx.database.db, user.email, 'verify_email');

    const changed = await post(
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: 'changed password' },
      headers,
    );
    expect(changed.statusCode).toBe(204);
    const opened = await post('/api/auth/verify-email', { token: verify });
    expect(opened.statusCode).toBe(400);
    expect(opened.json().error).toMatchObject({
      code: 'invalid_link',
      message: MESSAGES.verifyLinkInvalid,
    });
  });
});
