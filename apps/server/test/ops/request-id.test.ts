/**
 * Request ids (issue 17 item 4): every response carries x-request-id, the id a trusted proxy sent is
 * kept (anyone else's ignored), every log line of the request names it, and error bodies carry it.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestDatabase } from '../support/database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  msg?: string;
  requestId?: string;
  req?: { url?: string };
}

async function appWith(env: NodeJS.ProcessEnv, lines: LogLine[] = []) {
  const database = await createTestDatabase();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const app = await buildApp({ config, database, logger });
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

describe('request ids without a trusted proxy', () => {
  let app: App;
  let close: () => Promise<void>;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    ({ app, close } = await appWith({}, lines));
  });
  afterAll(async () => close());

  it('answers every response with a new UUID, also for errors of every kind', async () => {
    const responses = [
      await app.inject({ method: 'GET', url: '/healthz' }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'GET', url: '/api/creator/videos' }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/token?grant_type=password',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      }),
      await app.inject({ method: 'GET', url: '/api/feed?start=not-a-uuid' }),
      await app.inject({ method: 'GET', url: '/media/%E0%A4%A' }),
    ];
    const ids = responses.map((response) => response.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 404, 401, 400, 400, 400,
    ]);
  });

  it('puts the id in every error body, beside code and message', async () => {
    for (const url of ['/api/no-such-thing', '/api/creator/videos', '/media/%E0%A4%A']) {
      const response = await app.inject({ method: 'GET', url });
      const body = response.json();
      expect(body.error).toEqual({
        code: expect.any(String),
        message: expect.any(String),
        requestId: response.headers['x-request-id'],
      });
    }
  });

  it('ignores an x-request-id sent by a client', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('names the request on every log line of it', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    const id = response.headers['x-request-id'];
    const ofRequest = lines.filter((line) => line.requestId === id);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines.filter((line) => line.req || line.msg === 'request completed')).toEqual(ofRequest);
  });
});

describe('request ids behind a trusted proxy', () => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await appWith({ TRUST_PROXY: '127.0.0.1' }));
  });
  afterAll(async () => close());

  it("keeps the proxy's id, on the response and in error bodies", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'x-request-id': 'lb-4f1c2a' },
    });
    expect(response.headers['x-request-id']).toBe('lb-4f1c2a');
    expect(response.json().error.requestId).toBe('lb-4f1c2a');
  });

  it('makes a new id when the request did not come from the proxy', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'lb-4f1c2a' },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('makes a new id when the proxy sends one unfit for a log or a header', async () => {
    for (const bad of ['two words', 'x'.repeat(129), 'line\u2028break']) {
      const response = await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': bad },
      });
      expect(response.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('request ids with a hop count', () => {
  it('keeps the id of whatever proxy is in front (TRUST_PROXY=1), none with TRUST_PROXY=0', async () => {
    for (const [trust, expected] of [
      ['1', 'edge-1'],
      ['0', UUID],
    ] as const) {
      const { app, close } = await appWith({ TRUST_PROXY: trust });
      try {
        const response = await app.inject({
          method: 'GET',
          url: '/healthz',
          headers: { 'x-request-id': 'edge-1' },
        });
        expect(response.headers['x-request-id']).toMatch(expected);
      } finally {
        await close();
      }
    }
  });
});
