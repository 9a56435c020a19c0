/**
 * Issue 13 item 6: secrets stay with their owner. Before, /api/admin/outbox (and the screen built on
 * it) showed every mail in full, also in production and also after SMTP had delivered it: an admin
 * read anyone's password-reset and verification links, texted sign-in codes and one-click
 * unsubscribe links, and could act as them. Now a mail says when it is written whether it carries
 * such a secret; admins see its metadata and not its body, except on embedded defaults without SMTP
 * outside production (the only way anyone reads mail there), and SMTP delivery scrubs the body.
 */
import type { AddressInfo } from 'node:net';
import { OUTBOX_TEXTS, type OutboxList, type OutboxMail } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, mailOutbox } from '../../src/db/schema';
import { passwordResetMail, verificationMail } from '../../src/modules/auth/auth.mail';
import { outboxSmsSender } from '../../src/modules/mfa/mfa.phone';
import { enqueueMail } from '../../src/platform/mail/outbox';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, asRole } from '../support/auth';
import { createUser } from '../support/factories';

/** Secrets as their recipients get them; none may reach an admin outside the embedded setup. */
const VERIFY_URL = 'http://localhost:3000/auth/verify?token=verify-secret-1111';
const RESET_URL = 'http://localhost:3000/auth/reset?token=reset-secret-2222';
const SMS_CODE = '482913';

async function outbox(t: TestApp, headers: AuthHeaders): Promise<OutboxList & { raw: string }> {
  const response = await t.app.inject({ url: '/api/admin/outbox', headers });
  expect(response.statusCode).toBe(200);
  return { ...(response.json() as OutboxList), raw: response.body };
}

const byKind = (list: OutboxList, kind: string): OutboxMail => {
  const mail = list.mails.find((m) => m.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail in the outbox`);
  return mail;
};

/** Writes one mail of every kind that carries a secret, as the app's flows write them. */
async function writeSecretMails(t: TestApp, admin: AuthHeaders) {
  const { db } = t.database;
  const owner = await createUser(db, { email: 'owner@example.com' });
  // The real route, as a stranger (or the owner) asks for it.
  const recover = await t.app.inject({
    method: 'POST',
    url: '/api/auth/recover',
    payload: { email: owner.email },
  });
  expect(recover.statusCode).toBe(202);
  await enqueueMail(db, verificationMail('new@example.com', 'Adreel', VERIFY_URL));
  await enqueueMail(db, passwordResetMail('other@example.com', 'Adreel', RESET_URL));
  await outboxSmsSender.send(db, {
    to: '+393331234567',
    text: `Your Adreel sign-in code is ${SMS_CODE}`,
  });
  // An admin approves a join request: the requester is mailed a sign-up link for the address.
  const [request] = await db
    .insert(accessRequests)
    .values({ name: 'Sam', email: 'sam@example.com', role: 'creator' })
    .returning();
  const approve = await t.app.inject({
    method: 'POST',
    url: '/api/admin/whitelist',
    headers: admin,
    payload: { email: 'sam@example.com', role: 'creator', accessRequestId: request?.id },
  });
  expect(approve.statusCode).toBeLessThan(300);
  // This week's digest, with its one-click unsubscribe link, to the requesting admin.
  const digest = await t.app.inject({
    method: 'POST',
    url: '/api/admin/digest/test',
    headers: admin,
  });
  expect(digest.statusCode).toBe(200);
  return owner;
}

/** A notice with nothing of its recipient's to take over: the join request mailed to admins. */
async function writeNotice(t: TestApp) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/access-requests',
    payload: { name: 'Nina Notice', email: 'nina@example.com', role: 'viewer', notes: 'Hi' },
  });
  expect(response.statusCode).toBe(201);
}

const SECRET_KINDS = ['verify_email', 'reset_password', 'sms', 'access_approved', 'test_digest'];

function expectAllHidden(list: OutboxList & { raw: string }) {
  expect(list.secretsShown).toBe(false);
  for (const kind of SECRET_KINDS) {
    const mail = byKind(list, kind);
    expect(mail, kind).toMatchObject({
      textBody: OUTBOX_TEXTS.hiddenBody,
      htmlBody: null,
      bodyHidden: true,
    });
    // What an admin may know: who, what, when, and whether it went out.
    expect(mail.toAddress, kind).toBeTruthy();
    expect(mail.subject, kind).toBeTruthy();
    expect(mail.createdAt, kind).toBeTruthy();
  }
  for (const secret of ['verify-secret', 'reset-secret', SMS_CODE, 'token=', 'unsubscribe?']) {
    expect(list.raw).not.toContain(secret);
  }
}

describe('in production', () => {
  let t: TestApp;
  let admin: AuthHeaders;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    admin = await asRole(t, 'admin');
  });
  afterAll(() => t?.close());

  it('shows who got a reset link and when, never the link', async () => {
    const owner = await createUser(t.database.db, { email: 'reset-me@example.com' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: owner.email },
    });
    const list = await outbox(t, admin);
    const mail = list.mails.find((m) => m.toAddress === owner.email);
    expect(mail).toMatchObject({
      kind: 'reset_password',
      subject: 'Reset your Adreel password',
      textBody: OUTBOX_TEXTS.hiddenBody,
      htmlBody: null,
      bodyHidden: true,
      sentAt: null,
    });
    expect(list.raw).not.toMatch(/token=/);
  });

  it('hides every link and code: verification, reset, texted code, access approval, digest', async () => {
    await writeSecretMails(t, admin);
    expectAllHidden(await outbox(t, admin));
  });

  it('still shows a notice with nothing private in it in full', async () => {
    await createUser(t.database.db, { role: 'admin', email: 'reviewer@example.com' });
    await writeNotice(t);
    const list = await outbox(t, admin);
    const notice = list.mails.find(
      (m) => m.kind === 'access_request' && m.toAddress === 'reviewer@example.com',
    );
    expect(notice?.bodyHidden).toBe(false);
    expect(notice?.textBody).toContain('Nina Notice asked to join');
    expect(list).toMatchObject({ delivery: 'outbox', secretsShown: false });
  });

  it('hides a mail whose builder did not say, and a row written without the flag', async () => {
    await enqueueMail(t.database.db, {
      to: 'someone@example.com',
      subject: 'A mail written by a new feature',
      text: 'Sign in here: http://localhost:3000/magic?token=forgotten-flag-3333',
      kind: 'new_feature',
    });
    await t.database.db.insert(mailOutbox).values({
      toAddress: 'raw@example.com',
      subject: 'Written straight into the table',
      textBody: 'Your code: 777111',
      kind: 'raw_insert',
    });
    const list = await outbox(t, admin);
    expect(byKind(list, 'new_feature')).toMatchObject({ bodyHidden: true, htmlBody: null });
    expect(byKind(list, 'raw_insert')).toMatchObject({ bodyHidden: true });
    expect(list.raw).not.toContain('forgotten-flag');
    expect(list.raw).not.toContain('777111');
  });
});

describe('with SMTP outside production', () => {
  let received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  let t: TestApp;
  let admin: AuthHeaders;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ NODE_ENV: 'development', SMTP_URL: `smtp://127.0.0.1:${port}` });
    admin = await asRole(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  /** Waits for the mailer (its own timers and a local SMTP server): generous, as on a busy CI box. */
  async function delivered(to: string) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, to));
      if (row?.sentAt) return row;
      if (Date.now() > deadline) throw new Error(`${to}: not delivered`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('hides links and codes from admins, and says mail goes out over SMTP', async () => {
    received = [];
    await writeSecretMails(t, admin);
    const list = await outbox(t, admin);
    expectAllHidden(list);
    expect(list.delivery).toBe('smtp');
  });

  it('scrubs the link from the stored mail once SMTP has delivered it, and keeps a notice', async () => {
    received = [];
    await enqueueMail(t.database.db, verificationMail('scrub@example.com', 'Adreel', VERIFY_URL));
    const row = await delivered('scrub@example.com');
    // The recipient got the link...
    expect(received.join('\n')).toContain('verify-secret-1111');
    // ...and the database no longer holds it; who, what and when stay.
    expect(row).toMatchObject({
      kind: 'verify_email',
      subject: 'Confirm your email for Adreel',
      textBody: OUTBOX_TEXTS.scrubbedBody,
      htmlBody: null,
      headers: null,
      attempts: 1,
    });

    await createUser(t.database.db, { role: 'admin', email: 'smtp-admin@example.com' });
    await writeNotice(t);
    const notice = await delivered('smtp-admin@example.com');
    expect(notice.textBody).toContain('Nina Notice asked to join');
  }, 150_000);
});

describe('on embedded defaults without SMTP, outside production', () => {
  it('shows links and codes in full, the only way to read mail there, and says so', async () => {
    const t = await createTestApp({ NODE_ENV: 'development' });
    try {
      const admin = await asRole(t, 'admin');
      await writeSecretMails(t, admin);
      const list = await outbox(t, admin);
      expect(list).toMatchObject({ delivery: 'outbox', secretsShown: true });
      expect(byKind(list, 'verify_email')).toMatchObject({ bodyHidden: false });
      expect(byKind(list, 'verify_email').textBody).toContain(VERIFY_URL);
      expect(byKind(list, 'sms').textBody).toContain(SMS_CODE);
      expect(byKind(list, 'test_digest').textBody).toContain('/api/digest/unsubscribe?token=');
    } finally {
      await t.close();
    }
  });
});
