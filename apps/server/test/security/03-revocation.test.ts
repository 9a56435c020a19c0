/**
 * Issue 13 item 3: an access token stops working within seconds of the end of its session or a
 * change of the roles in it (decision 023), whichever way that happens: sign-out, a password change
 * or reset, ending a session from the sessions list, account deletion, a role added or removed. The
 * old token gets 401 invalid_token (as an expired one does, so the client refreshes or signs out);
 * the user's other sessions keep working where they should. Before the fix each of these tokens kept
 * creating campaigns for up to 15 minutes.
 */
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, userRoles } from '../../src/db/schema';
import {
  createAccessRevocations,
  REVOCATION_CHANNEL,
} from '../../src/modules/auth/auth.revocations';
import type { NotificationListener, Realtime } from '../../src/platform/realtime/notifications';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { linkTokenFrom } from '../support/mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'a long enough password 1';
/** Issue 13: "within 5 s on every API process". */
const WITHIN_MS = 5_000;

interface Signed {
  token: string;
  refreshToken: string;
  sessionId: string;
  headers: { authorization: string };
}

/** A session of its own, as an API client signs in (grant_type=password). */
async function signIn(user: TestUser, password = PASSWORD): Promise<Signed> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=password',
    payload: { email: user.email, password },
  });
  expect(res.statusCode).toBe(200);
  const session = res.json().session as { access_token: string; refresh_token: string };
  return {
    token: session.access_token,
    refreshToken: session.refresh_token,
    sessionId: decodeJwt(session.access_token).sid as string,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
}

const brand = () => createUser(t.database.db, { role: 'brand', password: PASSWORD });

/** What the finding did with a token after sign-out: create a campaign. */
function createCampaign(headers: { authorization: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/brand/campaigns',
    headers,
    payload: {
      title: 'After the fact',
      description: 'Made with a token that should be dead.',
      tags: ['revocation'],
      budgetTotalCents: 50_000,
      payoutPerVideoCents: 10_000,
    },
  });
}

/** A protected read, to poll without side effects. */
const ownCampaigns = (headers: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/brand/campaigns', headers });

/**
 * Asks until the answer is 401 and answers the last status. It gives up only after a request made
 * 5 s or more after `changedAt` (when the change was answered): a status other than 401 is then what
 * the old token got 5 s after the change, however slowly this machine ran the polls.
 */
async function statusAfter(ask: () => Promise<number>, changedAt: number): Promise<number> {
  for (;;) {
    const askedAt = Date.now();
    const status = await ask();
    if (status === 401 || askedAt - changedAt >= WITHIN_MS) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The token is refused (401 invalid_token) within 5 s of `changedAt` (by default now, right after
 * the change was answered), and then cannot create a campaign.
 */
async function expectRefusedWithin(signed: Signed, changedAt = Date.now()): Promise<void> {
  const status = await statusAfter(
    async () => (await ownCampaigns(signed.headers)).statusCode,
    changedAt,
  );
  expect(status, 'the old token was still accepted 5 s later').toBe(401);
  const created = await createCampaign(signed.headers);
  expect(created.statusCode).toBe(401);
  expect(created.json().error.code).toBe('invalid_token');
}

async function expectWorking(signed: Signed): Promise<void> {
  expect((await ownCampaigns(signed.headers)).statusCode).toBe(200);
  expect((await createCampaign(signed.headers)).statusCode).toBe(201);
}

function refresh(refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=refresh_token',
    payload: { refresh_token: refreshToken },
  });
}

describe('access tokens revoked within seconds', () => {
  it('sign-out: the signed-out session\u2019s token fails, another session of the user works', async () => {
    const user = await brand();
    const [phone, laptop] = [await signIn(user), await signIn(user)];
    await expectWorking(phone);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      payload: { refresh_token: phone.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    await expectRefusedWithin(phone);
    await expectWorking(laptop);
  });

  it('password change: the other sessions\u2019 tokens fail, the session that changed it works', async () => {
    const user = await brand();
    const [here, elsewhere] = [await signIn(user), await signIn(user)];
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: here.headers,
      payload: { currentPassword: PASSWORD, newPassword: 'another long password 2' },
    });
    expect(changed.statusCode).toBe(204);
    await expectRefusedWithin(elsewhere);
    await expectWorking(here);
  });

  it('password reset: every session\u2019s token fails', async () => {
    const user = await brand();
    const [one, two] = [await signIn(user), await signIn(user)];
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(202);
    const token = await linkTokenFrom(t.database.db, user.email, 'reset_password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a new long password 3' },
    });
    expect(reset.statusCode).toBe(200);
    const resetAt = Date.now();
    await expectRefusedWithin(one, resetAt);
    await expectRefusedWithin(two, resetAt);
  });

  it('ending a session from the sessions list: its token fails, the caller\u2019s works', async () => {
    const user = await brand();
    const [here, lost] = [await signIn(user), await signIn(user)];
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${lost.sessionId}`,
      headers: here.headers,
    });
    expect(ended.statusCode).toBe(204);
    await expectRefusedWithin(lost);
    await expectWorking(here);
  });

  it('account deletion: the tokens of every session of the account fail', async () => {
    const user = await brand();
    const [here, elsewhere] = [await signIn(user), await signIn(user)];
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: here.headers,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    const deletedAt = Date.now();
    await expectRefusedWithin(here, deletedAt);
    await expectRefusedWithin(elsewhere, deletedAt);
  });

  it('role change: tokens issued before it fail; a refresh gives a token with the new roles', async () => {
    const user = await brand();
    const signed = await signIn(user);
    await expectWorking(signed);
    // Whatever code path does it: a trigger on user_roles tells every process.
    await t.database.db
      .delete(userRoles)
      .where(sql`${userRoles.userId} = ${user.id} and ${userRoles.role} = 'brand'`);
    await expectRefusedWithin(signed);

    const refreshed = await refresh(signed.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const session = refreshed.json().session as { access_token: string; refresh_token: string };
    expect(decodeJwt(session.access_token).roles).toEqual([]);
    const headers = { authorization: `Bearer ${session.access_token}` };
    // Signed in still, but no longer a brand.
    expect((await createCampaign(headers)).statusCode).toBe(403);

    // A role granted works the same way: the token without it fails, its refresh carries it.
    await t.database.db.insert(userRoles).values({ userId: user.id, role: 'brand' });
    const status = await statusAfter(
      async () => (await createCampaign(headers)).statusCode,
      Date.now(),
    );
    expect(status).toBe(401);
    const again = await refresh(session.refresh_token);
    expect(again.statusCode).toBe(200);
    const granted = again.json().session.access_token as string;
    expect(decodeJwt(granted).roles).toEqual(['brand']);
    await expectWorking({
      ...signed,
      token: granted,
      headers: { authorization: `Bearer ${granted}` },
    });
  });

  it('a session ended by any code path (a row updated or deleted directly) ends its token', async () => {
    const user = await brand();
    const [updated, deleted] = [await signIn(user), await signIn(user)];
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, updated.sessionId));
    const updatedAt = Date.now();
    await t.database.db.delete(sessions).where(eq(sessions.id, deleted.sessionId));
    const deletedAt = Date.now();
    await expectRefusedWithin(updated, updatedAt);
    await expectRefusedWithin(deleted, deletedAt);
  });
});

describe('while it cannot listen', () => {
  /** A listening connection the test drops and re-opens. */
  function fakeRealtime() {
    let listener: NotificationListener | null = null;
    let lost: (() => void) | undefined;
    const realtime: Realtime = {
      async subscribe(channel, onNotification, onLost) {
        expect(channel).toBe(REVOCATION_CHANNEL);
        listener = onNotification;
        lost = onLost;
        return () => undefined;
      },
      async close() {},
    };
    return { realtime, drop: () => lost?.(), reopen: () => listener?.(null) };
  }
  const quiet = { warn() {}, info() {} };

  it('asks the database on each request, and after re-opening remembers what was missed', async () => {
    const user = await brand();
    const [first, second] = [await signIn(user), await signIn(user)];
    const subject = (signed: Signed) => ({
      userId: user.id,
      sessionId: signed.sessionId,
      tokenVersion: decodeJwt(signed.token).ver as number,
    });
    const fake = fakeRealtime();
    const revocations = createAccessRevocations({
      db: t.database.db,
      realtime: fake.realtime,
      log: quiet,
    });
    await revocations.start();
    expect(revocations.live).toBe(true);
    expect(revocations.isRevoked(subject(first))).toBe(false);

    // The connection drops; a session ends meanwhile (its notification is lost).
    fake.drop();
    expect(revocations.live).toBe(false);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, first.sessionId));
    // Not trusted from memory: the database says so.
    expect(await revocations.isRevoked(subject(first))).toBe(true);
    expect(await revocations.isRevoked(subject(second))).toBe(false);

    // Re-opened: the missed revocation is reloaded and answered from memory again.
    fake.reopen();
    // The reload is a query: however long it takes here, it ends with the process listening again.
    await vi.waitFor(() => expect(revocations.live).toBe(true), { timeout: 15_000, interval: 20 });
    expect(revocations.isRevoked(subject(first))).toBe(true);
    expect(revocations.isRevoked(subject(second))).toBe(false);
    await revocations.close();
  });
});
