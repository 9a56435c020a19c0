/**
 * Prometheus metrics (issue 17 item 3; docs/operations.md "Metrics" and "What to alert on"), in the
 * text format at /metrics: on by default, on a port of its own with METRICS_PORT (then not on the
 * app's port), only with `Authorization: Bearer <METRICS_TOKEN>` when that is set.
 *
 * Each process reports what it sees: its HTTP requests, its job attempts, its pool, its SSE streams,
 * its event loop and memory. The queue and the outbox are read from the database when scraped, so
 * every process reports the same depth and ages (take max() over processes, not sum()).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { type JobFinished, jobFinished } from './jobs/queue';
import { queueStats } from './jobs/queue-stats';
import { outboxStats } from './mail/outbox-stats';
import { isEventStream, openEventStreamCount } from './realtime/event-stream';

/** Seconds; from a cached feed page (milliseconds) to a slow upload's last PATCH. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds; an event stream lasts as long as its tab stays open, from a blip to a working day. */
const SSE_BUCKETS = [1, 10, 60, 300, 900, 1800, 3600, 7200, 14_400, 28_800];
/** Seconds; a transcode of a 60 s clip takes tens of seconds on one core. */
const JOB_BUCKETS = [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600];
/** The queues every process reports, with zeros, so an alert has a series before the first job. */
const KNOWN_QUEUES = ['process-video'];

export interface MetricsOptions {
  config: Pick<Config, 'host' | 'metrics'>;
  database: DatabaseHandle;
}

/** The registry of one app: its own, so that several apps in one process (tests) do not collide. */
export function createMetricsRegistry(
  app: FastifyInstance,
  { database }: Pick<MetricsOptions, 'database'>,
): Registry {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), memory, CPU, handles, GC, file descriptors.
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters (promtool refuses them); nodejs_active_{handles,requests,resources}
  // by type remain, and sum() gives these totals.
  for (const name of ['handles', 'requests', 'resources']) {
    registry.removeSingleMetric(`nodejs_active_${name}_total`);
  }

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route (the route pattern, not the raw URL), method and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const sseDuration = new Histogram({
    name: 'adreel_sse_stream_duration_seconds',
    help: 'Server-sent event streams by route, observed when they close (not in http_request_duration_seconds: a stream lasts as long as its tab stays open; adreel_sse_streams_open counts the open ones)',
    labelNames: ['route'],
    buckets: SSE_BUCKETS,
    registers: [registry],
  });

  /**
   * Every request is observed once, whichever comes first: Fastify's onResponse (an answer sent in
   * full, tus's hijacked upload answers included) or the response's close (the client went away
   * before the answer was complete, which Fastify's onResponse never sees: an upload's PATCH cut
   * off by the network, a browser closing an event stream).
   */
  const observed = new WeakSet<FastifyRequest>();
  const observe = (request: FastifyRequest, reply: FastifyReply) => {
    if (observed.has(request)) return;
    observed.add(request);
    // The pattern (/api/videos/:id), so ids and queries do not make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    if (isEventStream(request)) {
      sseDuration.observe({ route }, seconds);
      return;
    }
    httpDuration.observe(
      {
        method: request.method,
        route,
        // Not answered in full because the client left first: 499, as nginx logs it.
        status_code: reply.raw.writableEnded ? String(reply.statusCode) : '499',
      },
      seconds,
    );
  };
  app.addHook('onRequest', async (request, reply) => {
    // Gone already (before the hooks ran): nothing later will tell.
    if (reply.raw.destroyed) observe(request, reply);
    else reply.raw.once('close', () => observe(request, reply));
  });
  app.addHook('onResponse', async (request, reply) => observe(request, reply));

  const jobDuration = new Histogram({
    name: 'adreel_job_duration_seconds',
    help: "Job attempts run by this process's workers, by queue and outcome (done, retry: failed and back in the queue, failed: for good)",
    labelNames: ['queue', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const onJob = (message: unknown) => {
    const { queue, outcome, seconds } = message as JobFinished;
    jobDuration.observe({ queue, outcome }, seconds);
  };
  subscribe(jobFinished.name, onJob);
  app.addHook('onClose', async () => {
    unsubscribe(jobFinished.name, onJob);
  });

  const log = app.log;
  /**
   * One database read per scrape for the gauges that share it (a scrape runs every metric's
   * collect() at once); a scrape still answers when the database does not, with the last values.
   */
  const fromDatabase = (what: string, read: () => Promise<void>) => {
    let pending: Promise<void> | null = null;
    return (): Promise<void> => {
      pending ??= read()
        .catch((error: unknown) => log.warn({ err: error }, `metrics: ${what} could not be read`))
        .finally(() => {
          pending = null;
        });
      return pending;
    };
  };

  const jobs = new Gauge({
    name: 'adreel_jobs',
    help: 'Jobs in the queue table by queue and state (queued: waiting or backing off; failed: kept until pruned)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    collect: () => readQueue(),
  });
  const oldestJob = new Gauge({
    name: 'adreel_job_oldest_queued_age_seconds',
    help: 'How long the oldest due job of each queue has waited to be claimed (0: none waits)',
    labelNames: ['queue'],
    registers: [registry],
    collect: () => readQueue(),
  });
  const readQueue = fromDatabase('the job queue', async () => {
    const stats = await queueStats(database.db);
    jobs.reset();
    oldestJob.reset();
    for (const queue of new Set([...KNOWN_QUEUES, ...stats.map((row) => row.queue)])) {
      for (const state of ['queued', 'running', 'failed'] as const) jobs.set({ queue, state }, 0);
      oldestJob.set({ queue }, 0);
    }
    for (const row of stats) {
      jobs.set({ queue: row.queue, state: row.state }, row.count);
      if (row.state === 'queued') oldestJob.set({ queue: row.queue }, row.oldestDueSeconds ?? 0);
    }
  });

  const mailPending = new Gauge({
    name: 'adreel_mail_outbox_pending',
    help: 'Mail in the outbox not sent yet, with attempts left (grows without SMTP_URL: nothing sends it)',
    registers: [registry],
    collect: () => readOutbox(),
  });
  const mailOldest = new Gauge({
    name: 'adreel_mail_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest unsent mail with attempts left has waited (0: none waits)',
    registers: [registry],
    collect: () => readOutbox(),
  });
  const mailGivenUp = new Gauge({
    name: 'adreel_mail_outbox_given_up',
    help: 'Mail in the outbox not sent after every attempt',
    registers: [registry],
    collect: () => readOutbox(),
  });
  const readOutbox = fromDatabase('the mail outbox', async () => {
    const stats = await outboxStats(database.db);
    mailPending.set(stats.pending);
    mailOldest.set(stats.oldestPendingSeconds);
    mailGivenUp.set(stats.givenUp);
  });

  new Gauge({
    name: 'adreel_sse_streams_open',
    help: 'Server-sent event streams open in this process',
    registers: [registry],
    collect() {
      this.set(openEventStreamCount());
    },
  });

  if (database.driver === 'postgres') {
    const pool = database.client;
    new Gauge({
      name: 'adreel_db_pool_connections',
      help: "This process's PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'adreel_db_pool_max_connections',
      help: "The most connections this process's PostgreSQL pool opens",
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }
  return registry;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether an Authorization header carries the token (compared in constant time). */
export function carriesToken(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(sha256(match[1].trim()), sha256(token));
}

/** /metrics on the app, or on METRICS_PORT once the app listens; nothing with METRICS=false. */
export async function registerMetrics(
  app: FastifyInstance,
  options: MetricsOptions,
): Promise<void> {
  const { metrics } = options.config;
  if (!metrics.enabled) return;
  const registry = createMetricsRegistry(app, options);

  if (metrics.port === undefined) {
    // Answered from an onRequest hook added before the authenticate plugin's, which would take
    // METRICS_TOKEN for an access token and refuse it; the route is there for the router.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== '/metrics') return;
      if (!carriesToken(request.headers.authorization, metrics.token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: { code: 'unauthorized', message: 'Unauthorized' } });
      }
      const text = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    });
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.code(404));
    return;
  }

  const port = metrics.port;
  let server: Server | undefined;
  app.addHook('onListen', async () => {
    server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      if (!carriesToken(request.headers.authorization, metrics.token)) {
        response
          .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
          .end('Unauthorized\n');
        return;
      }
      registry.metrics().then(
        (text) => {
          response
            .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
            .end(request.method === 'HEAD' ? undefined : text);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be rendered');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Error\n');
        },
      );
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, options.config.host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    app.log.info({ port }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    const listening = server;
    if (!listening) return;
    listening.closeAllConnections();
    await new Promise<void>((resolve) => listening.close(() => resolve()));
  });
}
