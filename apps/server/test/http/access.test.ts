import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/beta/progress', () => {
  it('counts every access request towards the target of 100', async () => {
    const before = await ctx.app.inject('/api/beta/progress');
    expect(before.json()).toEqual({ count: 0, target: 100 });

    await ctx.database.db.insert(accessRequests).values([
      { name: 'Ana', email: 'ana@example.com', role: 'creator' },
      { name: 'Bo', email: 'bo@example.com', role: 'brand' },
    ]);

    const after = await ctx.app.inject('/api/beta/progress');
    expect(after.json()).toEqual({ count: 2, target: 100 });
  });
});
