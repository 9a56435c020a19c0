/**
 * Issue 13, item 5: sign-in throttling that a stranger cannot turn into a lockout
 * (docs/decisions/025-sign-in-throttling.md). Before it, ten wrong passwords from anywhere blocked
 * the owner's right one for 15 minutes, and successes counted toward the same limit.
 * Default limits: 10 free failures per account (untrusted clients) and per device cookie.
 * The limiter's clock stands still unless a test moves it: a wait of 1 s is waited out by moving the
 * clock, so a slow machine cannot let an attempt through that the test expects to be refused.
 */
import { signInThrottledMessage } from '@adreel/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaVerify, ticketFor, userWithTotp } from '../http/mfa.support';
import { createTestApp, type TestApp } from '../support/app';
import { testClock } from '../support/clock';
import { createUser } from '../support/factories';

const PASSWORD = 'open sesame';
const OWNER_IP = '198.51.100.7';
const FREE_FAILURES = 10;
const FREE_FAILURES_PER_IP = 50;

/** Each test's stranger comes from an address of its own (the per-IP count is not the point). */
let strangers = 0;
let STRANGER_IP = '';
beforeEach(() => {
  strangers += 1;
  STRANGER_IP = `203.0.113.${strangers}`;
});

let ctx: TestApp;
const clock = testClock();
beforeAll(async () => {
  ctx = await createTestApp({}, { rateLimitClock: clock.now });
});
afterAll(() => ctx.close());

type Cookies = Record<string, string>;

interface Attempt {
  email: string;
  password: string;
  ip?: string;
  cookies?: Cookies;
  /** /api/auth/token?grant_type=password (an API client) instead of /api/auth/signin. */
  viaToken?: boolean;
}

function signIn({ email, password, ip, cookies = {}, viaToken }: Attempt) {
  return ctx.app.inject({
    method: 'POST',
    url: viaToken ? '/api/auth/token?grant_type=password' : '/api/auth/signin',
    payload: { email, password },
    cookies,
    remoteAddress: ip ?? STRANGER_IP,
  });
}

/** Every cookie an answer set, to send back as the browser would. */
function cookiesFrom(res: { headers: Record<string, unknown> }): Cookies {
  const cookies: Cookies = {};
  for (const header of [res.headers['set-cookie'] ?? []].flat()) {
    const [pair = ''] = String(header).split(';');
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
  }
  return cookies;
}

/** A browser that signed in to this account once, with the cookies it keeps. */
async function ownerBrowser(email: string): Promise<Cookies> {
  const res = await signIn({ email, password: PASSWORD, ip: OWNER_IP });
  expect(res.statusCode).toBe(200);
  return cookiesFrom(res);
}

/** Wrong passwords until the account's untrusted allowance is spent (each answered 401). */
async function spendAllowance(email: string, attempt: Partial<Attempt> = {}) {
  for (let i = 0; i < FREE_FAILURES; i += 1) {
    const res = await signIn({ email, password: `guess ${i}`, ...attempt });
    expect(res.statusCode).toBe(401);
  }
}

describe('sign-in throttling', () => {
  it("a stranger's 50 wrong passwords do not stop the owner's correct password from a browser holding a device cookie", async () => {
    const owner = await createUser(ctx.database.db, { password: PASSWORD });
    const browser = await ownerBrowser(owner.email);

    const answers: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      answers.push((await signIn({ email: owner.email, password: `guess ${i}` })).statusCode);
    }
    // The stranger was slowed down, and never let in.
    expect(answers).toContain(429);
    expect(answers).not.toContain(200);
    // A client without the device cookie is slowed down as well: the stranger spent its allowance.
    const untrusted = await signIn({ email: owner.email, password: PASSWORD, ip: OWNER_IP });
    expect(untrusted.statusCode).toBe(429);

    for (let i = 0; i < 3; i += 1) {
      const res = await signIn({
        email: owner.email,
        password: PASSWORD,
        ip: OWNER_IP,
        cookies: browser,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().session.user.id).toBe(owner.id);
    }
  });

  it('successful sign-ins never lead to a 429 (30 in a row on a shared demo account)', async () => {
    const demo = await createUser(ctx.database.db, { password: PASSWORD });
    for (let i = 0; i < 30; i += 1) {
      // Fresh browsers (no cookies) from one address, as at a demo table; every fifth an API client.
      const res = await signIn({ email: demo.email, password: PASSWORD, viaToken: i % 5 === 4 });
      expect(res.statusCode).toBe(200);
    }
  });

  it('failures from an untrusted client back off with growing Retry-After and a 429 body with the message', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    await spendAllowance(user.email);
    const seen: number[] = [];
    for (const [wait, words] of [
      [1, '1 second'],
      [2, '2 seconds'],
      [4, '4 seconds'],
    ] as const) {
      // Even the right password waits: while refused, nothing is checked.
      const refused = await signIn({ email: user.email, password: PASSWORD });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(wait));
      expect(refused.json()).toEqual({
        error: {
          code: 'rate_limited',
          message: `Too many sign-in attempts. Try again in ${words}.`,
          requestId: expect.any(String),
        },
      });
      seen.push(Number(refused.headers['retry-after']));
      if (wait === 4) break;
      clock.advance(wait * 1000);
      const next = await signIn({ email: user.email, password: 'another guess' });
      expect(next.statusCode).toBe(401);
    }
    expect(seen).toEqual([1, 2, 4]);
  });

  it('the wait ends after Retry-After', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    await spendAllowance(user.email, { viaToken: true });
    const refused = await signIn({ email: user.email, password: PASSWORD, viaToken: true });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    // A backoff, not a 15-minute wall.
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(refused.json().error.message).toBe(signInThrottledMessage(retryAfter));
    // A moment before the wait ends, still refused; once it has, let in.
    clock.advance(retryAfter * 1000 - 1);
    expect((await signIn({ email: user.email, password: PASSWORD })).statusCode).toBe(429);
    clock.advance(1);
    const signedIn = await signIn({ email: user.email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    // The success reset the account's count: the next mistake is just a mistake.
    expect((await signIn({ email: user.email, password: 'typo' })).statusCode).toBe(401);
  });

  it('a device cookie for another account or a forged one gives no allowance', async () => {
    const victim = await createUser(ctx.database.db, { password: PASSWORD });
    const other = await createUser(ctx.database.db, { password: PASSWORD });
    const victimBrowser = await ownerBrowser(victim.email);
    const otherBrowser = await ownerBrowser(other.email);
    await spendAllowance(victim.email);

    const otherDevice = otherBrowser.adreel_device ?? '';
    const [, nonce = 'bm9uY2Vub25jZW5vbmNl', signature = 'c2lnbmF0dXJl'] = otherDevice.split('.');
    const forgeries = {
      "another account's cookie": otherDevice,
      'its signature on this account': `${victim.id}.${nonce}.${signature}`,
      'a made-up signature': `${victim.id}.${nonce}.${'A'.repeat(43)}`,
      'no signature': `${victim.id}.${nonce}`,
      garbage: 'not-a-device-cookie',
    };
    for (const [what, value] of Object.entries(forgeries)) {
      const res = await signIn({
        email: victim.email,
        password: PASSWORD,
        cookies: { adreel_device: value },
      });
      expect(res.statusCode, what).toBe(429);
    }
    // The victim's own browser still signs in: the refusals above were about the cookies.
    const own = await signIn({
      email: victim.email,
      password: PASSWORD,
      ip: OWNER_IP,
      cookies: victimBrowser,
    });
    expect(own.statusCode).toBe(200);
  });

  it('a device cookie made before a password change gives no allowance', async () => {
    const owner = await createUser(ctx.database.db, { password: PASSWORD });
    // Someone who knew the old password signed in from their browser once.
    const formerBrowser = await ownerBrowser(owner.email);
    const signedIn = await signIn({ email: owner.email, password: PASSWORD, ip: OWNER_IP });
    const NEW_PASSWORD = 'a brand new passphrase';
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { authorization: `Bearer ${signedIn.json().session.access_token}` },
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(204);
    const ownerNow = await signIn({ email: owner.email, password: NEW_PASSWORD, ip: OWNER_IP });
    expect(ownerNow.statusCode).toBe(200);
    const ownerBrowserNow = cookiesFrom(ownerNow);
    await spendAllowance(owner.email);

    const stale = await signIn({
      email: owner.email,
      password: NEW_PASSWORD,
      cookies: { adreel_device: formerBrowser.adreel_device ?? 'none' },
    });
    expect(stale.statusCode).toBe(429);
    const fresh = await signIn({
      email: owner.email,
      password: NEW_PASSWORD,
      ip: OWNER_IP,
      cookies: ownerBrowserNow,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("the device cookie counts on its own: its holder's mistakes back off, other clients are not held by them", async () => {
    const owner = await createUser(ctx.database.db, { password: PASSWORD });
    const browser = await ownerBrowser(owner.email);
    expect(browser.adreel_device).toBeTruthy();
    // The device's own failures back off like any others...
    await spendAllowance(owner.email, { cookies: browser, ip: OWNER_IP });
    const refused = await signIn({ email: owner.email, password: PASSWORD, cookies: browser });
    expect(refused.statusCode).toBe(429);
    // ...without touching the account's pool for other clients.
    const elsewhere = await signIn({ email: owner.email, password: PASSWORD, ip: '192.0.2.44' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('grant_type=password on /token shares the backoff and honours the device cookie', async () => {
    const owner = await createUser(ctx.database.db, { password: PASSWORD });
    const browser = await ownerBrowser(owner.email);
    await spendAllowance(owner.email, { viaToken: true });
    const refused = await signIn({ email: owner.email, password: PASSWORD, viaToken: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many sign-in attempts\. Try again in /);
    expect((await signIn({ email: owner.email, password: PASSWORD })).statusCode).toBe(429);
    const withCookie = await signIn({
      email: owner.email,
      password: PASSWORD,
      viaToken: true,
      cookies: browser,
    });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.json().session.refresh_token).toEqual(expect.any(String));
  });

  it('failures from one address across many accounts back off as well', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 3 }, () => createUser(ctx.database.db, { password: PASSWORD })),
    );
    // Nine wrong passwords on each of three accounts (within their own allowance), then one on
    // each of 23 unknown addresses: the address's 50 free failures are spent.
    for (let i = 0; i < FREE_FAILURES_PER_IP; i += 1) {
      const account = i < 27 ? accounts[i % accounts.length]?.email : undefined;
      const res = await signIn({ email: account ?? `nobody${i}@example.test`, password: 'x' });
      expect(res.statusCode).toBe(401);
    }
    const refused = await signIn({ email: 'nobody@example.test', password: 'x' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    // The owner elsewhere is not held by that address.
    const owner = await signIn({
      email: accounts[0]?.email ?? '',
      password: PASSWORD,
      ip: OWNER_IP,
    });
    expect(owner.statusCode).toBe(200);
  });

  it('second-factor sign-ins count only failures: ten right recovery codes in a row are all let in', async () => {
    const { user, recoveryCodes } = await userWithTotp(ctx, { password: PASSWORD });
    // mfaPerUser allows 10 attempts in 15 minutes, and the enrolment's check counted one.
    expect(recoveryCodes).toHaveLength(10);
    for (const recoveryCode of recoveryCodes) {
      const ticket = await ticketFor(ctx, user.email);
      expect((await mfaVerify(ctx, { ticket, recoveryCode })).statusCode).toBe(200);
    }
  });
});
