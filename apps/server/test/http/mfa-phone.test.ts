import { MFA_MESSAGES } from '@adreel/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, mfaChallenges } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { signInAs } from '../support/auth';
import { createUser } from '../support/factories';
import {
  aalOf,
  bearer,
  type Headers,
  mfaVerify,
  PASSWORD,
  signIn,
  verifyFactor,
} from './mfa.support';

const PHONE = '+44 7911 123456';
const E164 = '+447911123456';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({}, { rateLimits: { mfaPerUser: 50 } });
});
afterAll(() => ctx.close());

function enrolPhone(headers: Headers, phone = PHONE) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/factors',
    headers,
    payload: { factor_type: 'phone', phone, friendly_name: 'Mobile' },
  });
}

function challenge(headers: Headers, factorId: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/factors/${factorId}/challenge`, headers });
}

/** The code in the newest text to `to`, read from the outbox as an admin would. */
async function lastTextedCode(to: string): Promise<string> {
  const [text] = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'sms')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = text?.textBody.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${to}`);
  return code;
}

function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** A user with a password who enrolled and verified a phone (each user its own number). */
async function userWithPhone(phone: string) {
  const user = await createUser(ctx.database.db, { password: PASSWORD });
  const headers = bearer((await signIn(ctx, user.email)).json().session.access_token);
  const enrolled = await enrolPhone(headers, phone);
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  const factorId = enrolled.json().id;
  await challenge(headers, factorId);
  const verified = await verifyFactor(ctx, headers, factorId, {
    code: await lastTextedCode(enrolled.json().phone),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { user, factorId, e164: enrolled.json().phone as string };
}

let numbers = 0;
/** Valid UK mobile numbers, a new one per user so the per-number text limit stays out of the way. */
function nextNumber(): string {
  numbers += 1;
  return `+44 7911 ${String(200000 + numbers).padStart(6, '0')}`;
}

describe('enrolling a phone', () => {
  it('stores the number in E.164, texts a code to the outbox, and the code verifies it', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = bearer((await signIn(ctx, user.email)).json().session.access_token);
    const enrolled = await enrolPhone(headers);
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    expect(enrolled.json()).toMatchObject({ factor_type: 'phone', phone: E164 });
    const factorId = enrolled.json().id;

    const sent = await challenge(headers, factorId);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ factor_type: 'phone', id: expect.any(String) });
    const expires = new Date(sent.json().expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(9 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(10 * 60 * 1000);

    const code = await lastTextedCode(E164);
    // Stored only as a hash.
    const [stored] = await ctx.database.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.id, sent.json().id));
    expect(stored?.codeHash).toBeTruthy();
    expect(stored?.codeHash).not.toContain(code);

    const verified = await verifyFactor(ctx, headers, factorId, { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().recovery_codes).toHaveLength(10);
    expect(aalOf(verified.json().session.access_token)).toBe('aal2');

    const list = await ctx.app.inject({ method: 'GET', url: '/api/factors', headers });
    expect(list.json().factors).toMatchObject([
      { factorType: 'phone', verified: true, friendlyName: 'Mobile', phoneHint: '+••••••••3456' },
    ]);
  });

  it.each(['07911 123456', '+44 12', 'call me'])(
    'refuses %j with a clear message',
    async (phone) => {
      const user = await createUser(ctx.database.db, { password: PASSWORD });
      const res = await enrolPhone(await signInAs(ctx, user), phone);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MFA_MESSAGES.invalidPhone);
    },
  );

  it('takes each code once, and never a wrong one', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = await signInAs(ctx, user);
    const number = nextNumber();
    const { id: factorId, phone } = (await enrolPhone(headers, number)).json();
    await challenge(headers, factorId);
    const code = await lastTextedCode(phone);
    const wrong = await verifyFactor(ctx, headers, factorId, { code: otherCode(code) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(MFA_MESSAGES.invalidCode);
    expect((await verifyFactor(ctx, headers, factorId, { code })).statusCode).toBe(200);
    const again = await verifyFactor(ctx, headers, factorId, { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(MFA_MESSAGES.challengeExpired);
  });

  it('spends a code after five wrong tries', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = await signInAs(ctx, user);
    const { id: factorId, phone } = (await enrolPhone(headers, nextNumber())).json();
    await challenge(headers, factorId);
    const code = await lastTextedCode(phone);
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push((await verifyFactor(ctx, headers, factorId, { code: otherCode(code) })).json());
    expect(answers[4].error.message).toBe(MFA_MESSAGES.tooManyTries);
    const right = await verifyFactor(ctx, headers, factorId, { code });
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe(MFA_MESSAGES.challengeExpired);
  });

  it('refuses a code after ten minutes', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = await signInAs(ctx, user);
    const { id: factorId, phone } = (await enrolPhone(headers, nextNumber())).json();
    const sent = await challenge(headers, factorId);
    await ctx.database.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.id, sent.json().id));
    const res = await verifyFactor(ctx, headers, factorId, { code: await lastTextedCode(phone) });
    expect(res.statusCode).toBe(400);
  });

  it('texts at most five codes an hour to one user', async () => {
    const user = await createUser(ctx.database.db, { password: PASSWORD });
    const headers = await signInAs(ctx, user);
    const { id: factorId } = (await enrolPhone(headers, nextNumber())).json();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await challenge(headers, factorId)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('signing in with a phone', () => {
  it('offers the phone factor, texts a code on request, and the code starts an aal2 session', async () => {
    const { user, factorId, e164 } = await userWithPhone(nextNumber());
    const first = await signIn(ctx, user.email);
    const { mfa } = first.json();
    expect(mfa.factors).toMatchObject([{ id: factorId, factorType: 'phone' }]);

    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/phone/challenge',
      payload: { ticket: mfa.ticket, factorId },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(MFA_MESSAGES.phoneCodeSent);
    const code = await lastTextedCode(e164);

    const wrong = await mfaVerify(ctx, { ticket: mfa.ticket, factorId, code: otherCode(code) });
    expect(wrong.statusCode).toBe(401);
    const res = await mfaVerify(ctx, { ticket: mfa.ticket, factorId, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(aalOf(res.json().session.access_token)).toBe('aal2');
    expect(String(res.headers['set-cookie'])).toContain('adreel_refresh=');
  });

  it('texts nothing without a valid ticket', async () => {
    const { factorId } = await userWithPhone(nextNumber());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/phone/challenge',
      payload: { ticket: 'not-a-ticket', factorId },
    });
    expect(res.statusCode).toBe(401);
  });

  it('removes the phone factor (aal2), and sign-in no longer asks for it', async () => {
    const { user, factorId, e164 } = await userWithPhone(nextNumber());
    const { mfa } = (await signIn(ctx, user.email)).json();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/phone/challenge',
      payload: { ticket: mfa.ticket, factorId },
    });
    const session = (
      await mfaVerify(ctx, { ticket: mfa.ticket, factorId, code: await lastTextedCode(e164) })
    ).json().session;
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/factors/${factorId}`,
      headers: bearer(session.access_token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await signIn(ctx, user.email)).json().session).toBeTruthy();
  });
});
