/**
 * The admin tab counts, live (issue 7): a new pending video, an approval, a report filed and a
 * report closed each reach an open stream, read over a real socket as the browser reads it.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { reports, videos } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { createUser, createVideo } from '../support/factories';

class EventReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  async next(timeoutMs = 5000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6));
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

let t: TestApp;
let baseUrl: string;
let admin: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = (await signedInUser(t, 'admin')).headers;
});
afterAll(() => t.close());

describe('live admin counts', () => {
  it('sends the counts at once and again whenever a video or report changes them', async () => {
    const { db } = t.database;
    const abort = new AbortController();
    try {
      const res = await fetch(`${baseUrl}/api/admin/counts/stream`, {
        headers: { ...admin, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      if (!res.body) throw new Error('no body');
      const events = new EventReader(res.body.getReader());
      expect(await events.next()).toEqual({ pendingVideos: 0, openReports: 0 });

      const video = await createVideo(db, { status: 'processing' });
      // Processing is not pending: the upload reaches review when the media job finishes.
      await db.update(videos).set({ status: 'pending' }).where(eq(videos.id, video.id));
      expect(await events.next()).toEqual({ pendingVideos: 1, openReports: 0 });

      const reporter = await createUser(db);
      const live = await createVideo(db, { status: 'approved' });
      const [report] = await db
        .insert(reports)
        .values({ videoId: live.id, reporterId: reporter.id, reason: 'Misleading' })
        .returning();
      expect(await events.next()).toEqual({ pendingVideos: 1, openReports: 1 });

      // Through the API, as the admin works the tabs.
      const approve = await t.app.inject({
        method: 'POST',
        url: `/api/admin/videos/${video.id}/approve`,
        headers: admin,
      });
      expect(approve.statusCode).toBe(200);
      expect(await events.next()).toEqual({ pendingVideos: 0, openReports: 1 });
      const dismiss = await t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${report?.id}/dismiss`,
        headers: admin,
      });
      expect(dismiss.statusCode).toBe(200);
      expect(await events.next()).toEqual({ pendingVideos: 0, openReports: 0 });

      // Counter updates (views, likes) say nothing.
      await db.update(videos).set({ views: 5 }).where(eq(videos.id, live.id));
      await expect(events.next(700)).rejects.toThrow('no event arrived in time');
    } finally {
      abort.abort();
    }
  });

  it('is for admins only', async () => {
    const { headers } = await signedInUser(t, 'creator');
    expect((await fetch(`${baseUrl}/api/admin/counts/stream`, { headers })).status).toBe(403);
    expect((await fetch(`${baseUrl}/api/admin/counts/stream`)).status).toBe(401);
  });
});

/** Two API processes on one PostgreSQL server: a change made through one reaches a stream on the other. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('across server processes (PostgreSQL)', () => {
  it('streams from one process the video that entered review through the other', async () => {
    if (t.database.driver !== 'postgres') throw new Error('expected PostgreSQL');
    const secondDatabase = await openDatabase({
      databaseUrl: (t.database.client as pg.Pool).options.connectionString,
    });
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database: secondDatabase,
      logger: false,
    });
    const abort = new AbortController();
    try {
      await second.listen({ host: '127.0.0.1', port: 0 });
      const secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const res = await fetch(`${secondUrl}/api/admin/counts/stream`, {
        headers: { ...admin, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      if (!res.body) throw new Error('no body');
      const events = new EventReader(res.body.getReader());
      const first = (await events.next()) as { pendingVideos: number; openReports: number };
      // Written through the first process's own database handle.
      await createVideo(t.database.db, { status: 'pending' });
      expect(await events.next()).toEqual({ ...first, pendingVideos: first.pendingVideos + 1 });
    } finally {
      abort.abort();
      await second.close();
      await secondDatabase.close();
    }
  });
});
