import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, asRole } from '../support/auth';

let ctx: TestApp;
let headers: AuthHeaders;
beforeAll(async () => {
  ctx = await createTestApp();
  headers = await asRole(ctx, 'admin');
});
afterAll(() => ctx.close());

describe('GET /api/admin/outbox', () => {
  it('shows the latest 100 mails, newest first, as they were written', async () => {
    const start = Date.now() - 200 * 1000;
    await ctx.database.db.insert(mailOutbox).values(
      Array.from({ length: 120 }, (_, i) => ({
        toAddress: `to${i}@example.com`,
        subject: `Mail ${i}`,
        textBody: `Body ${i}`,
        htmlBody: i === 119 ? '<p>Body <b>119</b></p>' : null,
        kind: 'test',
        createdAt: new Date(start + i * 1000),
      })),
    );

    const res = await ctx.app.inject({ url: '/api/admin/outbox', headers });
    expect(res.statusCode).toBe(200);
    const { mails } = res.json() as { mails: Array<{ subject: string }> };
    expect(mails).toHaveLength(100);
    expect(mails[0]).toEqual({
      id: expect.any(String),
      toAddress: 'to119@example.com',
      subject: 'Mail 119',
      textBody: 'Body 119',
      htmlBody: '<p>Body <b>119</b></p>',
      kind: 'test',
      createdAt: new Date(start + 119_000).toISOString(),
      sentAt: null,
      // Embedded defaults without SMTP outside production: the outbox is the delivery, shown in full.
      bodyHidden: false,
    });
    expect(res.json()).toMatchObject({ delivery: 'outbox', secretsShown: true });
    expect(mails.map((mail) => mail.subject)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Mail ${119 - i}`),
    );
  });
});
