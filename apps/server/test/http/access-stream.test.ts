/**
 * The live beta counter over a real socket: EventSource is plain HTTP streaming, which inject()
 * cannot show, so these tests listen on a port and read the stream with fetch.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { createTestApp, type TestApp } from '../support/app';

/** Reads server-sent events from a fetch response, one `data:` payload at a time. */
class EventReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  readonly comments: string[] = [];

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  async next(timeoutMs = 5000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const lines = block.split('\n');
        this.comments.push(...lines.filter((line) => line.startsWith(':')));
        const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
        if (data.length > 0) return JSON.parse(data.join('\n'));
        continue;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('no event arrived in time');
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no event arrived in time')), remaining);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) throw new Error('the stream ended');
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }
}

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function openStream(baseUrl: string, signal: AbortSignal) {
  const res = await fetch(`${baseUrl}/api/beta/progress/stream`, {
    headers: { accept: 'text/event-stream' },
    signal,
  });
  if (!res.body) throw new Error('the stream has no body');
  return { res, events: new EventReader(res.body.getReader()) };
}

function join(baseUrl: string, email: string) {
  return fetch(`${baseUrl}/api/access-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Live Tester', email, role: 'viewer' }),
  });
}

describe('GET /api/beta/progress/stream', () => {
  let ctx: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    baseUrl = await listen(ctx.app);
  });
  afterAll(() => ctx.close());

  it('sends the count at once, then the new count when someone joins', async () => {
    const abort = new AbortController();
    const { res, events } = await openStream(baseUrl, abort.signal);
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(res.headers.get('x-accel-buffering')).toBe('no');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const first = (await events.next()) as { count: number; target: number };
      expect(first).toEqual({ count: expect.any(Number), target: 100 });

      expect((await join(baseUrl, 'live1@example.com')).status).toBe(201);
      expect(await events.next()).toEqual({ count: first.count + 1, target: 100 });

      // A repeated request adds nobody, so it moves no counter.
      expect((await join(baseUrl, 'live1@example.com')).status).toBe(200);
      expect((await join(baseUrl, 'live2@example.com')).status).toBe(201);
      expect(await events.next()).toEqual({ count: first.count + 2, target: 100 });
    } finally {
      abort.abort();
    }
  });

  it('tells every open stream', async () => {
    const abort = new AbortController();
    try {
      const streams = await Promise.all([1, 2, 3].map(() => openStream(baseUrl, abort.signal)));
      const firsts = (await Promise.all(streams.map((s) => s.events.next()))) as Array<{
        count: number;
      }>;
      await join(baseUrl, 'everyone@example.com');
      for (const [i, stream] of streams.entries())
        expect(await stream.events.next()).toMatchObject({ count: (firsts[i]?.count ?? 0) + 1 });
    } finally {
      abort.abort();
    }
  });

  it('lets the server shut down while browsers are still connected', async () => {
    const own = await createTestApp();
    const url = await listen(own.app);
    const abort = new AbortController();
    try {
      const { events } = await openStream(url, abort.signal);
      await events.next();
      const closing = own.close().then(() => 'closed');
      const timeout = new Promise((resolve) => setTimeout(() => resolve('hung'), 5000));
      expect(await Promise.race([closing, timeout])).toBe('closed');
      await expect(events.next(1000)).rejects.toThrow(/ended|terminated|no event/);
    } finally {
      abort.abort();
    }
  });
});

/**
 * Two API processes on one PostgreSQL server, as behind a load balancer: a request taken by one
 * reaches a browser connected to the other through LISTEN/NOTIFY.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('across server processes (PostgreSQL)', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDatabase: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    first = await createTestApp();
    if (first.database.driver !== 'postgres') throw new Error('expected a PostgreSQL database');
    secondDatabase = await openDatabase({
      databaseUrl: (first.database.client as pg.Pool).options.connectionString,
    });
    second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database: secondDatabase,
      logger: false,
    });
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it('streams from one process the request taken by the other', async () => {
    const joinUrl = await listen(first.app);
    const streamUrl = await listen(second);
    const abort = new AbortController();
    try {
      const { events } = await openStream(streamUrl, abort.signal);
      expect(await events.next()).toEqual({ count: 0, target: 100 });
      expect((await join(joinUrl, 'elsewhere@example.com')).status).toBe(201);
      expect(await events.next()).toEqual({ count: 1, target: 100 });
    } finally {
      abort.abort();
    }
  });

  it('listens again after its connection is cut, and re-reads the count', async () => {
    const streamUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const joinUrl = `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`;
    const abort = new AbortController();
    try {
      const { events } = await openStream(streamUrl, abort.signal);
      const before = (await events.next()) as { count: number };
      // What a server restart or failover does to the listening session.
      await secondDatabase.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`);
      expect(await events.next(10_000)).toEqual({ count: before.count, target: 100 });
      expect((await join(joinUrl, 'after-cut@example.com')).status).toBe(201);
      expect(await events.next()).toEqual({ count: before.count + 1, target: 100 });
    } finally {
      abort.abort();
    }
  });
});
