/**
 * The page's style nonce (decision 034): each HTML page names a fresh nonce for its scripts, and
 * its CSP allows <style> elements with that nonce and no others; style-src never holds
 * 'unsafe-inline'.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStyleNonce } from '../../src/platform/security';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'adreel-web-nonce-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Adreel</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t?.close());

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

async function page(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const policy = String(res.headers['content-security-policy']);
  const meta = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(res.body);
  return { policy, nonce: meta?.[1], head: res.body.slice(0, res.body.indexOf('</head>')) };
}

describe('the style nonce of a page', () => {
  it("is in the page's head and in its CSP style-src, and nowhere else in the policy", async () => {
    const { policy, nonce, head } = await page('/feed');
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(head).toContain(`nonce="${nonce}"`);
    expect(directive(policy, 'style-src')).toBe(`style-src 'self' 'nonce-${nonce}'`);
    expect(directive(policy, 'script-src')).toMatch(
      /^script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='$/,
    );
    expect(policy).not.toContain('unsafe-inline');
    expect(policy.match(/'nonce-/g)).toHaveLength(1);
  });

  it('is new for every page, the home page and an unknown path too', async () => {
    const nonces = [];
    for (const url of ['/', '/feed', '/feed', '/no/such/screen']) {
      const { policy, nonce } = await page(url);
      expect(directive(policy, 'style-src')).toBe(`style-src 'self' 'nonce-${nonce}'`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(4);
  });

  it('is not in the answers of the API', async () => {
    const res = await t.app.inject('/api/beta/progress');
    const policy = String(res.headers['content-security-policy']);
    expect(directive(policy, 'style-src')).toBe("style-src 'self'");
  });
});

describe('withStyleNonce', () => {
  it('adds the nonce to style-src alone, wherever it stands in the policy', () => {
    expect(withStyleNonce("default-src 'self';style-src 'self';img-src 'self'", 'abc')).toBe(
      "default-src 'self';style-src 'self' 'nonce-abc';img-src 'self'",
    );
    expect(withStyleNonce("style-src 'self'; style-src-attr 'none'", 'abc')).toBe(
      "style-src 'self' 'nonce-abc'; style-src-attr 'none'",
    );
    expect(withStyleNonce("default-src 'self'", 'abc')).toBe("default-src 'self'");
  });
});
