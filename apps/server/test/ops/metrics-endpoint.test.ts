/**
 * /metrics (issue 17 item 3): Prometheus text with the families docs/operations.md alerts on,
 * requests labelled by route pattern, the queue and the outbox read from the database, job attempts
 * measured, a token when METRICS_TOKEN is set, its own port with METRICS_PORT, none with METRICS=false.
 * When promtool is installed (CI: Debian's prometheus), the output passes `promtool check metrics`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createWorker, enqueueJob, PermanentJobError } from '../../src/platform/jobs/queue';
import { enqueueMail } from '../../src/platform/mail/outbox';
import { createTestApp, type TestApp } from '../support/app';
import { asRole } from '../support/auth';
import { createTestDatabase } from '../support/database';
import { encodeMetadata, TUS } from '../support/tus';

const PROMTOOL = '/usr/bin/promtool';

/** The value of one sample line, e.g. `adreel_jobs{queue="x",state="queued"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function promtoolCheck(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PROMTOOL, ['check', 'metrics']);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}

describe('/metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('shows every family the operations guide alerts on', async () => {
    await t.app.inject({ method: 'GET', url: '/api/feed' });
    const text = await scrape();
    for (const family of [
      'http_request_duration_seconds',
      'adreel_jobs',
      'adreel_job_oldest_queued_age_seconds',
      'adreel_job_duration_seconds',
      'adreel_mail_outbox_pending',
      'adreel_mail_outbox_oldest_pending_age_seconds',
      'adreel_mail_outbox_given_up',
      'adreel_sse_streams_open',
      'adreel_sse_stream_duration_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text, family).toContain(`# TYPE ${family} `);
    }
    if (t.database.driver === 'postgres') {
      expect(text).toContain('# TYPE adreel_db_pool_connections gauge');
      expect(sample(text, 'adreel_db_pool_max_connections')).toBe(10);
    }
    expect(
      sample(text, 'adreel_jobs{queue="process-video",state="queued"}'),
      'a known queue has a series before its first job',
    ).toBe(0);
  });

  it('labels requests by route pattern and status, never by the raw URL', async () => {
    const id = '4b3f8c2e-0000-4000-8000-000000000000';
    await t.app.inject({ method: 'GET', url: `/api/feed?start=${id}` });
    await t.app.inject({ method: 'GET', url: `/media/videos/${id}/poster.jpg` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${id}` });
    const text = await scrape();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/feed",status_code="200"}',
    );
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/media\/\*"/);
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
    );
    expect(text).not.toContain(id);
  });

  it('reads the queue depth, the oldest due job and the mail backlog from the database', async () => {
    const db = t.database.db;
    await enqueueJob(db, 'metrics-test', {});
    await enqueueJob(db, 'metrics-test', {});
    await enqueueJob(db, 'metrics-test', {}, { delayMs: 3_600_000 });
    await db.execute(
      sql`update jobs set run_at = now() - interval '90 seconds' where queue = 'metrics-test' and run_at <= now()`,
    );
    await enqueueMail(db, { to: 'a@example.com', subject: 'One', text: 'x', kind: 'test' });
    await db.execute(
      sql`update mail_outbox set created_at = now() - interval '10 minutes' where subject = 'One'`,
    );
    await enqueueMail(db, { to: 'b@example.com', subject: 'Two', text: 'x', kind: 'test' });
    await db.execute(sql`update mail_outbox set attempts = 5 where subject = 'Two'`);

    const text = await scrape();
    expect(sample(text, 'adreel_jobs{queue="metrics-test",state="queued"}')).toBe(3);
    const oldest = sample(text, 'adreel_job_oldest_queued_age_seconds{queue="metrics-test"}');
    expect(oldest).toBeGreaterThanOrEqual(90);
    expect(oldest).toBeLessThan(3_600);
    expect(sample(text, 'adreel_mail_outbox_pending')).toBe(1);
    expect(sample(text, 'adreel_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(
      600,
    );
    expect(sample(text, 'adreel_mail_outbox_given_up')).toBe(1);
  });

  it("measures this process's job attempts by outcome", async () => {
    const db = t.database.db;
    await enqueueJob(db, 'metrics-attempts', { ok: true });
    await enqueueJob(db, 'metrics-attempts', { ok: false }, { maxAttempts: 1 });
    const worker = createWorker({
      db,
      queue: 'metrics-attempts',
      log: t.app.log,
      handler: {
        async run(job) {
          if (!job.payload.ok) throw new PermanentJobError('broken on purpose');
        },
      },
    });
    expect(await worker.drain()).toBe(2);
    const text = await scrape();
    expect(
      sample(text, 'adreel_job_duration_seconds_count{queue="metrics-attempts",outcome="done"}'),
    ).toBe(1);
    expect(
      sample(text, 'adreel_job_duration_seconds_count{queue="metrics-attempts",outcome="failed"}'),
    ).toBe(1);
    expect(sample(text, 'adreel_jobs{queue="metrics-attempts",state="failed"}')).toBe(1);
  });

  it.runIf(existsSync(PROMTOOL))('passes promtool check metrics', async () => {
    const { code, output } = await promtoolCheck(await scrape());
    expect(output).toBe('');
    expect(code).toBe(0);
  });
});

describe('/metrics: every route is observed', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

  /** A tus upload of `length` bytes, created; its Location. */
  const createUpload = async (headers: Record<string, string>, length: number) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers,
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': encodeMetadata({
          title: 'Ad',
          filename: 'ad.mp4',
          filetype: 'video/mp4',
        }),
      },
    });
    expect(created.statusCode).toBe(201);
    return created.headers.location as string;
  };

  it('observes uploads, which tus answers on the raw response', async () => {
    const headers = await asRole(t, 'creator');
    const location = await createUpload(headers, 100);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...headers,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10),
    });
    expect(patched.statusCode).toBe(204);
    const text = await scrape();
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/uploads",status_code="201"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="PATCH",route="/api/uploads/:id",status_code="204"}',
      ),
    ).toBe(1);
  });

  it('observes an upload the client cuts off, as 499', async () => {
    const headers = await asRole(t, 'creator');
    const location = await createUpload(headers, 1_000_000);
    // Half the announced bytes, then the connection drops (a phone losing its network mid-PATCH).
    const arrived = new Promise((resolve) => t.app.server.once('request', resolve));
    const cut = httpRequest(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: {
        ...headers,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': '1000000',
      },
    });
    cut.on('error', () => {});
    cut.write(Buffer.alloc(500_000));
    await arrived;
    cut.destroy();
    await vi.waitFor(async () => {
      expect(
        sample(
          await scrape(),
          'http_request_duration_seconds_count{method="PATCH",route="/api/uploads/:id",status_code="499"}',
        ),
      ).toBe(1);
    });
  });

  it('counts an event stream apart, when it closes, and keeps the open-streams gauge', async () => {
    const route = '/api/beta/progress/stream';
    const closing = new AbortController();
    const stream = await fetch(`${baseUrl}${route}`, { signal: closing.signal });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body?.getReader();
    await reader?.read();
    const open = await scrape();
    expect(sample(open, 'adreel_sse_streams_open')).toBe(1);
    expect(sample(open, `adreel_sse_stream_duration_seconds_count{route="${route}"}`)).toBe(
      undefined,
    );

    closing.abort();
    await vi.waitFor(async () => {
      const text = await scrape();
      expect(sample(text, `adreel_sse_stream_duration_seconds_count{route="${route}"}`)).toBe(1);
      expect(sample(text, 'adreel_sse_streams_open')).toBe(0);
    });
    // Its lifetime is no request latency: the HTTP histogram has no series for it.
    expect(await scrape()).not.toContain(
      `http_request_duration_seconds_count{method="GET",route="${route}"`,
    );
  });
});

describe('/metrics settings', () => {
  it('wants the bearer token when METRICS_TOKEN is set', async () => {
    const t = await createTestApp({ METRICS_TOKEN: 'a-long-enough-metrics-token' });
    try {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.body).not.toContain('adreel_jobs');
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer a-long-enough-metrics-tokeN' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer a-long-enough-metrics-token' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('# TYPE adreel_jobs gauge');
    } finally {
      await t.close();
    }
  });

  it('serves nothing with METRICS=false', async () => {
    const t = await createTestApp({ METRICS: 'false' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      // The web app's page, as for any address it does not know.
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).not.toContain('# TYPE');
    } finally {
      await t.close();
    }
  });

  it('answers on METRICS_PORT only, once the app listens, and stops with it', async () => {
    const database = await createTestDatabase();
    const probe = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0' }),
      database,
      logger: false,
    });
    // A free port for the metrics: the one the probe got, freed again.
    await probe.listen({ host: '127.0.0.1', port: 0 });
    const address = probe.server.address();
    const metricsPort = typeof address === 'object' && address ? address.port : 0;
    await probe.close();

    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: String(metricsPort),
    });
    const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const appAddress = app.server.address();
      const appPort = typeof appAddress === 'object' && appAddress ? appAddress.port : 0;
      const onApp = await fetch(`http://127.0.0.1:${appPort}/metrics`);
      expect(await onApp.text()).not.toContain('# TYPE');
      const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('# TYPE http_request_duration_seconds histogram');
      const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/api/feed`);
      expect(elsewhere.status).toBe(404);
      await elsewhere.arrayBuffer();
    } finally {
      await app.close();
      await database.dispose();
    }
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });

  it('refuses a METRICS_PORT equal to PORT and a short METRICS_TOKEN', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least/);
  });
});
