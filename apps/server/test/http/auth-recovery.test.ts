import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';
import { lastMailTo, linkTokenFrom } from '../support/mail';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://adreel.example' });
});
afterAll(() => ctx.close());

const PASSWORD = 'first password';

async function signIn(email: string, password = PASSWORD) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=password',
    payload: { email, password },
  });
}

function bearer(res: { json(): { session: { access_token: string } } }) {
  return { authorization: `Bearer ${res.json().session.access_token}` };
}

describe('forgotten password', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const before = (await signIn(user.email)).json().session.refresh_token as string;

    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(202);
    const mail = await lastMailTo(ctx.database.db, user.email, 'reset_password');
    expect(mail?.textBody).toContain('https://adreel.example/auth/reset?token=');

    const token = await linkTokenFrom(ctx.database.db, user.email, 'reset_password');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'second password' },
    });
    expect(reset.statusCode).toBe(200);

    expect((await signIn(user.email)).statusCode).toBe(401);
    expect((await signIn(user.email, 'second password')).statusCode).toBe(200);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=refresh_token',
      payload: { refresh_token: before },
    });
    expect(old.statusCode).toBe(401);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'third password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(
      'This reset link is invalid or has expired. Please ask for a new one.',
    );
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: user.email },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: 'ghost@example.com' },
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(
      await lastMailTo(ctx.database.db, 'ghost@example.com', 'reset_password'),
    ).toBeUndefined();
  });

  it('refuses an expired link', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: user.email },
    });
    const token = await linkTokenFrom(ctx.database.db, user.email, 'reset_password');
    await ctx.database.db.execute(
      sql.raw(
        "update email_tokens set expires_at = now() - interval '1 second' where purpose = 'reset_password'",
      ),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'whatever1' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('account sessions and password', () => {
  it('lists your sessions, marks this one, and ends another', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email);

    const list = await ctx.app.inject({ url: '/api/account/sessions', headers: bearer(here) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current);

    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${other?.id}`,
      headers: bearer(here),
    });
    expect(ended.statusCode).toBe(204);
    const stale = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=refresh_token',
      payload: { refresh_token: elsewhere.json().session.refresh_token },
    });
    expect(stale.statusCode).toBe(401);
  });

  it("does not let you end someone else's session", async () => {
    const alice = await createUser(ctx.database.db, { password: PASSWORD });
    const bob = await createUser(ctx.database.db, { password: PASSWORD });
    const aliceSession = await signIn(alice.email);
    const bobSession = await signIn(bob.email);
    const bobList = await ctx.app.inject({
      url: '/api/account/sessions',
      headers: bearer(bobSession),
    });
    const bobSessionId = bobList.json().sessions[0].id;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${bobSessionId}`,
      headers: bearer(aliceSession),
    });
    expect(res.statusCode).toBe(404);
  });

  it('changes the password after checking the current one, ending the other sessions', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(here),
      payload: { currentPassword: 'nope', newPassword: 'brand new pw' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Your current password is not correct');

    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(here),
      payload: { currentPassword: PASSWORD, newPassword: '123' },
    });
    expect(short.json().error.message).toBe('Password must be at least 6 characters');

    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(here),
      payload: { currentPassword: PASSWORD, newPassword: 'brand new pw' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await signIn(user.email, 'brand new pw')).statusCode).toBe(200);

    const refresh = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/token?grant_type=refresh_token',
        payload: { refresh_token: token },
      });
    expect((await refresh(elsewhere.json().session.refresh_token)).statusCode).toBe(401);
    expect((await refresh(here.json().session.refresh_token)).statusCode).toBe(200);
  });

  it('answers the signed-out with 401 and a forged token with 401', async () => {
    expect((await ctx.app.inject('/api/account/sessions')).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      url: '/api/account/sessions',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('invalid_token');
  });
});
