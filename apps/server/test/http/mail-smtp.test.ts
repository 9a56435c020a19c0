/**
 * SMTP delivery of the outbox against a real SMTP server, started here on a free port: what a mail
 * server receives is what a person's inbox would show.
 */
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { MAX_DELIVERY_ATTEMPTS, startMailer } from '../../src/platform/mail/dispatcher';
import { enqueueMail } from '../../src/platform/mail/outbox';
import { createRealtime } from '../../src/platform/realtime/notifications';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The body as written, from a quoted-printable MIME part. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

let received: Received[] = [];
/** The next messages are refused with this reply, as a full mailbox would be. */
let refuseWith: string | null = null;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (refuseWith) {
        const error = Object.assign(new Error(refuseWith), { responseCode: 552 });
        callback(error);
        return;
      }
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let smtpUrl: string;
let ctx: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  ctx = await createTestApp({
    APP_NAME: 'Reelio',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Reelio <beta@reelio.example>',
  });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function eventually<T>(check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const outboxRow = async (to: string) =>
  (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0];

describe('SMTP delivery', () => {
  it('sends the admins’ notice of a new request as soon as it is committed', async () => {
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/access-requests',
      payload: { name: 'Sam Smtp', email: 'sam@example.com', role: 'creator', notes: 'Ciao' },
    });
    expect(res.statusCode).toBe(201);

    const message = await eventually(() => received.find((mail) => mail.to.includes(admin.email)));
    expect(message.from).toBe('beta@reelio.example');
    expect(message.raw).toMatch(/^From: Reelio <beta@reelio\.example>$/m);
    expect(message.raw).toMatch(/^Subject: New Reelio Beta access request from Sam Smtp$/m);
    const body = decodeQuotedPrintable(message.raw);
    expect(body).toContain('Email: sam@example.com');
    expect(body).toContain('Notes: Ciao');
    expect(body).toContain('text/html');

    const row = await eventually(async () => {
      const current = await outboxRow(admin.email);
      return current?.sentAt ? current : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, error: null });
  });

  it('records a refusal, and tries again on the next run', async () => {
    refuseWith = 'Mailbox full';
    await enqueueMail(ctx.database.db, {
      to: 'full@example.com',
      subject: 'Try me',
      text: 'Hello',
      kind: 'test',
    });
    const failed = await eventually(async () => {
      const current = await outboxRow('full@example.com');
      return current && current.attempts > 0 ? current : undefined;
    });
    expect(failed.sentAt).toBeNull();
    expect(failed.error).toMatch(/Mailbox full/);

    refuseWith = null;
    // Any new mail starts a run, which retries what is still pending.
    await enqueueMail(ctx.database.db, {
      to: 'next@example.com',
      subject: 'Next',
      text: 'Hi',
      kind: 'test',
    });
    const sent = await eventually(async () => {
      const current = await outboxRow('full@example.com');
      return current?.sentAt ? current : undefined;
    });
    expect(sent).toMatchObject({ attempts: 2, error: null });
    expect(received.filter((mail) => mail.to.includes('full@example.com'))).toHaveLength(1);
  });

  it(`gives up on a mail after ${MAX_DELIVERY_ATTEMPTS} attempts`, async () => {
    await ctx.database.db.insert(mailOutbox).values({
      toAddress: 'given-up@example.com',
      subject: 'Old',
      textBody: 'Old',
      kind: 'test',
      attempts: MAX_DELIVERY_ATTEMPTS,
      error: 'Mailbox full',
    });
    await enqueueMail(ctx.database.db, {
      to: 'fresh@example.com',
      subject: 'Fresh',
      text: 'Hi',
      kind: 'test',
    });
    await eventually(() => received.find((mail) => mail.to.includes('fresh@example.com')));
    expect(received.find((mail) => mail.to.includes('given-up@example.com'))).toBeUndefined();
    expect(await outboxRow('given-up@example.com')).toMatchObject({ sentAt: null, attempts: 5 });
  });
});

describe('without SMTP', () => {
  it('keeps mail in the outbox, unsent', async () => {
    const plain = await createTestApp();
    try {
      await enqueueMail(plain.database.db, {
        to: 'kept@example.com',
        subject: 'Kept',
        text: 'Hi',
        kind: 'test',
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [row] = await plain.database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ toAddress: 'kept@example.com', sentAt: null, attempts: 0 });
      expect(received.find((mail) => mail.to.includes('kept@example.com'))).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

/** Several processes on one PostgreSQL server: each mail must go out once, whoever sends it. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('several dispatchers (PostgreSQL)', () => {
  it('sends each mail exactly once', async () => {
    received = [];
    const log = { error: () => {}, warn: () => {}, info: () => {} };
    const config = { smtpUrl, mailFrom: 'beta@reelio.example' };
    const realtimes = [createRealtime(ctx.database, log), createRealtime(ctx.database, log)];
    const mailers = await Promise.all(
      realtimes.map((realtime) => startMailer({ config, database: ctx.database, realtime, log })),
    );
    try {
      await ctx.database.db.transaction(async (tx) => {
        for (let i = 0; i < 40; i += 1)
          await enqueueMail(tx, {
            to: `many${i}@example.com`,
            subject: `Many ${i}`,
            text: 'Hi',
            kind: 'test',
          });
      });
      await eventually(async () => {
        const left = await ctx.database.db.$count(
          mailOutbox,
          sql`${mailOutbox.sentAt} is null and ${mailOutbox.toAddress} like 'many%'`,
        );
        return left === 0 ? true : undefined;
      });
      for (const mailer of mailers) await mailer.idle();
      const many = received.filter((mail) => mail.to[0]?.startsWith('many'));
      expect(many).toHaveLength(40);
      expect(new Set(many.map((mail) => mail.to[0])).size).toBe(40);
    } finally {
      for (const mailer of mailers) await mailer.close();
      for (const realtime of realtimes) await realtime.close();
    }
  });
});
