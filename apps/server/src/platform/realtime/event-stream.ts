/**
 * Server-sent events (text/event-stream, WHATWG HTML §9.2) over a hijacked Fastify reply. Browsers
 * reconnect by themselves (EventSource, or the web app's keepEventStreamOpen), so a stream carries
 * no state a reconnect could lose. Every stream is admitted by the process's stream caps first
 * (stream-caps.ts, decision 038).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamCaps } from './stream-caps';

/**
 * A comment line this often keeps idle proxies and load balancers (which commonly cut silent
 * connections after 30–60 s) from closing the stream.
 */
export const HEARTBEAT_INTERVAL_MS = 25_000;

/** How long a browser waits before reconnecting after the stream ends. */
const RECONNECT_AFTER_MS = 3_000;

export interface EventStream {
  /** Sends `data` as JSON in one unnamed event (EventSource's `message`). */
  send(data: unknown): void;
  /** Runs once, when the client goes away or the server closes the stream. */
  onClose(cleanup: () => void): void;
  close(): void;
}

export interface EventStreams {
  /**
   * Takes this request's place under the stream caps, or throws the 429 or 503 to answer: call it
   * before the work a stream needs. `open` admits the request too, if it was not.
   */
  admit(request: FastifyRequest, reply: FastifyReply): void;
  open(request: FastifyRequest, reply: FastifyReply): EventStream;
  /** Ends every open stream, so a graceful shutdown is not held open by them. */
  closeAll(): void;
}

/** Streams open in this process, all modules' together (the /metrics gauge). */
let openStreams = 0;
export const openEventStreamCount = (): number => openStreams;

/** The requests answered with a stream (their raw requests), for /metrics (platform/metrics.ts). */
const streamRequests = new WeakSet<object>();
/**
 * Whether this request was answered with an event stream: its duration is how long the tab kept it
 * open, so /metrics counts it apart from the HTTP request durations (adreel_sse_stream_duration_seconds).
 */
export const isEventStream = (request: FastifyRequest): boolean => streamRequests.has(request.raw);

export function createEventStreams(
  caps: StreamCaps,
  heartbeatMs = HEARTBEAT_INTERVAL_MS,
): EventStreams {
  const open = new Set<EventStream>();

  return {
    admit: (request, reply) => caps.admit(request, reply),

    open(request, reply) {
      // Before anything is written: a refused stream is answered as an error, in JSON.
      caps.admit(request, reply);
      streamRequests.add(request.raw);
      reply.hijack();
      const raw = reply.raw;
      // Headers set by hooks so far (security headers) still apply to a hijacked reply.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) raw.setHeader(name, value);
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx buffers proxied responses unless told not to.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);

      const cleanups: Array<() => void> = [];
      let closed = false;
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();

      const finish = () => {
        if (closed) return;
        closed = true;
        openStreams -= 1;
        clearInterval(heartbeat);
        open.delete(stream);
        for (const cleanup of cleanups.splice(0)) cleanup();
      };
      const stream: EventStream = {
        send(data) {
          if (!closed) raw.write(`data: ${JSON.stringify(data)}\n\n`);
        },
        onClose(cleanup) {
          if (closed) cleanup();
          else cleanups.push(cleanup);
        },
        close() {
          finish();
          raw.end();
        },
      };
      open.add(stream);
      openStreams += 1;
      request.raw.on('close', finish);
      raw.on('close', finish);
      raw.on('error', finish);
      // The client left while the route was at work: its 'close' has been and gone.
      if (raw.destroyed || request.raw.socket?.destroyed) finish();
      return stream;
    },

    closeAll() {
      for (const stream of [...open]) stream.close();
    },
  };
}
