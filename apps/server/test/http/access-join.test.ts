import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, mailOutbox, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({ APP_NAME: 'Reelio', PUBLIC_URL: 'https://reelio.example' });
});
afterAll(() => ctx.close());

const join = (body: object, ip = '198.51.100.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/access-requests', payload: body, remoteAddress: ip });

const request = (email: string) => ({ name: 'Ana Lima', email, role: 'creator', notes: 'Hi!' });

describe('POST /api/access-requests', () => {
  it('takes a request and thanks the requester with the product name', async () => {
    const res = await join(request('ana@example.com'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      status: 'created',
      message:
        "Thank you for joining Reelio Beta! We'll contact you soon with your access details.",
    });
    const rows = await ctx.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'ana@example.com'));
    expect(rows).toMatchObject([
      { name: 'Ana Lima', role: 'creator', notes: 'Hi!', status: 'pending' },
    ]);
  });

  it('stores the address lower-cased and takes a second request from it only once', async () => {
    const first = await join(request('  Bo.Silva@Example.COM '));
    expect(first.statusCode).toBe(201);
    const again = await join({ ...request('bo.silva@example.com'), name: 'Bo again' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      status: 'already_requested',
      message: expect.stringMatching(/already have your request to join Reelio Beta/),
    });
    const rows = await ctx.database.db
      .select()
      .from(accessRequests)
      .where(sql`lower(${accessRequests.email}) = 'bo.silva@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'bo.silva@example.com', name: 'Ana Lima' });
  });

  it('stores blank notes as none', async () => {
    await join({ name: 'Cy', email: 'cy@example.com', role: 'viewer', notes: '   ' });
    const [row] = await ctx.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'cy@example.com'));
    expect(row?.notes).toBeNull();
  });

  it('counts towards the beta progress', async () => {
    const before = (await ctx.app.inject('/api/beta/progress')).json().count;
    await join(request('counted@example.com'));
    expect((await ctx.app.inject('/api/beta/progress')).json()).toEqual({
      count: before + 1,
      target: 100,
    });
  });

  it.each([
    [{ ...request('v@example.com'), name: '  ' }, 'Name is required'],
    [{ email: 'v@example.com', role: 'creator' }, 'Name is required'],
    [
      { ...request('v@example.com'), name: 'n'.repeat(101) },
      'Name must be less than 100 characters',
    ],
    [request('not-an-email'), 'Invalid email address'],
    [request(`${'e'.repeat(250)}@example.com`), 'Email must be less than 255 characters'],
    [{ ...request('v@example.com'), role: 'admin' }, 'Invalid role'],
    [
      { ...request('v@example.com'), notes: 'n'.repeat(1001) },
      'Notes must be less than 1000 characters',
    ],
  ])('refuses %j with SPEC.md’s message', async (body, message) => {
    const res = await join(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation_failed', message, requestId: expect.any(String) },
    });
  });
});

describe('the notice to admins', () => {
  it('mails every admin who has not been deleted, in text and escaped HTML', async () => {
    const first = await createUser(ctx.database.db, { role: 'admin' });
    const second = await createUser(ctx.database.db, { role: ['admin', 'brand'] });
    const gone = await createUser(ctx.database.db, { role: 'admin' });
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const brand = await createUser(ctx.database.db, { role: 'brand' });

    const res = await join({
      name: 'Eve <script>alert(1)</script>',
      email: 'eve@example.com',
      role: 'brand',
      notes: 'We sell "shoes" & <b>socks</b>',
    });
    expect(res.statusCode).toBe(201);

    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'access_request'));
    const forEve = mails.filter((mail) => mail.textBody.includes('eve@example.com'));
    expect(forEve.map((mail) => mail.toAddress).sort()).toEqual([first.email, second.email].sort());
    expect(forEve.map((mail) => mail.toAddress)).not.toContain(gone.email);
    expect(forEve.map((mail) => mail.toAddress)).not.toContain(brand.email);

    const mail = forEve[0];
    expect(mail?.subject).toBe('New Reelio Beta access request from Eve <script>alert(1)</script>');
    expect(mail?.textBody).toContain('Role: Brand');
    expect(mail?.textBody).toContain('We sell "shoes" & <b>socks</b>');
    expect(mail?.textBody).toContain('https://reelio.example/admin/whitelist');
    expect(mail?.htmlBody).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.htmlBody).toContain('We sell &quot;shoes&quot; &amp; &lt;b&gt;socks&lt;/b&gt;');
    expect(mail?.htmlBody).not.toContain('<script>');
    expect(mail?.htmlBody).not.toContain('<b>');
  });

  it('keeps a name’s line breaks out of the subject line', async () => {
    await createUser(ctx.database.db, { role: 'admin' });
    await join({ name: 'Mal\r\nBcc: x@example.com', email: 'mal@example.com', role: 'viewer' });
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.textBody} like '%mal@example.com%'`)
      .limit(1);
    expect(mail?.subject).toBe('New Reelio Beta access request from Mal Bcc: x@example.com');
  });

  it('sends nothing for a repeated request', async () => {
    await createUser(ctx.database.db, { role: 'admin' });
    await join(request('once@example.com'));
    const count = () =>
      ctx.database.db.$count(mailOutbox, sql`${mailOutbox.textBody} like '%once@example.com%'`);
    const afterFirst = await count();
    await join(request('once@example.com'));
    expect(await count()).toBe(afterFirst);
  });
});

describe('join rate limit', () => {
  it('answers 429 with Retry-After once an address has asked too often', async () => {
    const limited = await createTestApp({}, { rateLimits: { joinPerIp: 2 } });
    try {
      const send = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/access-requests',
          payload: request(`limit${n}@example.com`),
          remoteAddress: '203.0.113.9',
        });
      expect((await send(1)).statusCode).toBe(201);
      expect((await send(2)).statusCode).toBe(201);
      const third = await send(3);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
      expect(third.json().error.code).toBe('rate_limited');
      const otherAddress = await limited.app.inject({
        method: 'POST',
        url: '/api/access-requests',
        payload: request('limit4@example.com'),
        remoteAddress: '203.0.113.10',
      });
      expect(otherAddress.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
