/**
 * Regression for what the fuzz tests found (GET /api/admin/audit, seed -459318908): a filter day in
 * year 0000 matched the ISO date pattern, and PostgreSQL, which has no year 0, answered with an
 * error that left as a 500. It is bad input: a 400 with the form's message.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('answers an audit filter day in year 0000 with 400', async () => {
  const admin = await signedInUser(t, 'admin');
  for (const query of ['from=0000-02-29', 'to=0000-01-01']) {
    const response = await t.app.inject({
      url: `/api/admin/audit?${query}`,
      headers: admin.headers,
    });
    expect({ query, status: response.statusCode, body: response.json() }).toEqual({
      query,
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Use a date like 2026-01-31',
          requestId: expect.any(String),
        },
      },
    });
  }
  const fine = await t.app.inject({
    url: '/api/admin/audit?from=0001-01-01',
    headers: admin.headers,
  });
  expect(fine.statusCode).toBe(200);
});
