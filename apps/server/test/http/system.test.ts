import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({ APP_NAME: 'Reelio' });
});
afterAll(() => ctx.close());

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database is reachable', async () => {
    const res = await ctx.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });
});

describe('security headers', () => {
  it('sends a CSP with no inline script but the one named by its hash, nosniff, frame-ancestors none and a referrer policy', async () => {
    const res = await ctx.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404 in the one error shape', async () => {
    const res = await ctx.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'Not found', requestId: expect.any(String) },
    });
  });

  it('answers malformed JSON with a 400, not a 500, and no stack trace', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta/progress',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('error.code');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('web app', () => {
  it('serves index.html with the configured product name for app routes', async () => {
    const res = await ctx.app.inject('/guidelines');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Reelio</title>');
    expect(res.body).toContain('<meta name="application-name" content="Reelio">');
    // The static top bar shown until the app's code has run names it too.
    expect(res.body).toContain('<span class="wordmark" data-app-name="">Reelio</span>');
    expect(res.body).not.toContain('Adreel');
  });

  it('serves the home page at /', async () => {
    const res = await ctx.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Reelio</title>');
  });

  it('falls back to index.html for unknown paths so the app shows its own 404 page', async () => {
    const res = await ctx.app.inject('/no/such/page');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });
});

describe('OpenAPI', () => {
  it('documents the API from the zod schemas at /api/docs', async () => {
    const spec = await ctx.app.inject('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    const body = spec.json();
    expect(body.info.title).toBe('Reelio API');
    expect(
      body.paths['/api/beta/progress'].get.responses['200'].content['application/json'].schema,
    ).toMatchObject({
      type: 'object',
      properties: { count: { type: 'integer' } },
    });
    const ui = await ctx.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});
