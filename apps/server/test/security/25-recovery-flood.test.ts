/**
 * Issue 25 item 4: strangers could block password recovery. Five POST /api/auth/recover for a
 * victim's address from anywhere, and the owner's own request got 429 with Retry-After near an hour,
 * renewable every hour; each request also mailed the victim.
 *
 * Now, past a few links an hour for one address, the answer stays exactly as before and nothing more
 * is sent; a request from a browser that has given the account's password before (its device cookie)
 * or from an address the account has signed in from is counted on its own, so the owner gets through.
 */
import { MESSAGES } from '@adreel/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { RATE_LIMITS } from '../../src/platform/rate-limit';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PASSWORD = 'owner password';
const PER_ADDRESS = RATE_LIMITS.recoverPerAccount.limit;

function recover(email: string, ip: string, cookies: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/recover',
    payload: { email },
    remoteAddress: ip,
    cookies,
  });
}

async function resetMails(email: string): Promise<number> {
  const rows = await ctx.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'reset_password')));
  return rows.length;
}

let counter = 0;
async function owner() {
  counter += 1;
  return createUser(ctx.database.db, {
    email: `owner${counter}@example.com`,
    password: PASSWORD,
  });
}

/** A stranger floods the address from several addresses of its own, past the per-address cap. */
async function flood(email: string) {
  const answers = [];
  for (let i = 0; i < PER_ADDRESS + 3; i += 1)
    answers.push(await recover(email, `203.0.113.${(i % 4) + 1}`));
  return answers;
}

describe('password recovery a stranger cannot block (issue 25 item 4)', () => {
  it('past the cap a stranger gets the same answer and the mailbox gets nothing more', async () => {
    const { email } = await owner();
    const answers = await flood(email);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.headers['retry-after']).toBeUndefined();
      expect(answer.json()).toEqual({ message: MESSAGES.recoverSent });
    }
    expect(await resetMails(email)).toBe(PER_ADDRESS);

    // An address without an account answers the same way, past the cap too.
    for (const answer of await flood(`nobody${counter}@example.com`))
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 202,
        body: { message: MESSAGES.recoverSent },
      });
  });

  it("the owner's browser, which has signed in before, still gets its link", async () => {
    const { email } = await owner();
    // The owner signed in on this browser once: it holds the account's device cookie.
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: PASSWORD },
      remoteAddress: '198.51.100.77',
    });
    expect(signedIn.statusCode).toBe(200);
    const device = signedIn.cookies.find((cookie) => cookie.name === 'adreel_device')?.value;
    expect(device).toBeTruthy();

    await flood(email);
    expect(await resetMails(email)).toBe(PER_ADDRESS);

    // From a new network (a phone on mobile data), with the cookie: the link goes out.
    const own = await recover(email, '192.0.2.200', { adreel_device: device ?? '' });
    expect(own.statusCode).toBe(202);
    expect(own.json()).toEqual({ message: MESSAGES.recoverSent });
    expect(await resetMails(email)).toBe(PER_ADDRESS + 1);

    // A made-up cookie is a stranger's.
    await recover(email, '192.0.2.201', { adreel_device: `${device}x` });
    expect(await resetMails(email)).toBe(PER_ADDRESS + 1);
  });

  it('an address the account has signed in from still gets its link (the browser lost its cookies)', async () => {
    const { email } = await owner();
    const home = '198.51.100.88';
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: PASSWORD },
      remoteAddress: home,
    });
    expect(signedIn.statusCode).toBe(200);

    await flood(email);
    const own = await recover(email, home);
    expect(own.statusCode).toBe(202);
    expect(await resetMails(email)).toBe(PER_ADDRESS + 1);
  });

  it("a stranger's own address meets its own limit, whatever the account", async () => {
    const ip = '203.0.113.250';
    let last = await recover(`spray${counter}-0@example.com`, ip);
    for (let i = 1; i <= RATE_LIMITS.recoverPerIp.limit; i += 1)
      last = await recover(`spray${counter}-${i}@example.com`, ip);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not slowed down by it.
    expect((await recover(`other${counter}@example.com`, '203.0.113.251')).statusCode).toBe(202);
  });
});
