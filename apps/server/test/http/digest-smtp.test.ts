/**
 * A digest delivered over SMTP (issue 7): a real SMTP server, started here, receives the text and
 * HTML parts and the one-click unsubscribe headers of RFC 8058, and the link in them works.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';

const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function eventually<T>(check: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('digest over SMTP', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post, and both parts', async () => {
    const { user, headers } = await signedInUser(t, 'admin');
    const answer = await t.app.inject({ method: 'POST', url: '/api/admin/digest/test', headers });
    expect(answer.statusCode).toBe(200);
    const mail = await eventually(() => received.find((m) => m.to.includes(user.email)));
    const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    const header = unfolded.match(/^List-Unsubscribe: <([^>]+)>$/m)?.[1];
    expect(header).toMatch(/^http:\/\/localhost:3000\/api\/digest\/unsubscribe\?token=/);
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail.raw).toContain('multipart/alternative');
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');

    // What a mail client does with those headers: POST the link, no cookie, no token of ours.
    const url = new URL(header ?? '');
    const post = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const preference = await t.app.inject({ method: 'GET', url: '/api/account/digest', headers });
    expect(preference.json()).toEqual({ subscribed: false });
  });
});
