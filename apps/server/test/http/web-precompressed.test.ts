/**
 * The web build's assets go out compressed when the browser accepts it (issue 8 item 6): the build
 * writes file.br and file.gz beside each text asset and the server sends the one the request's
 * Accept-Encoding allows, as it is.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

const script = `export const feed = ${JSON.stringify('a feed of short ads '.repeat(400))};\n`;
let ctx: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'adreel-web-precompressed-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Adreel</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.gz'), gzipSync(script));
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => ctx?.close());

describe('web assets', () => {
  it('are sent as brotli to a browser that accepts it, cacheable and varying by encoding', async () => {
    const response = await ctx.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('are sent as gzip when only gzip is accepted, and as they are when nothing is', async () => {
    const gzipped = await ctx.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
