/**
 * What one process lets its HTTP clients hold (issue 25 item 3, decision 038): how long a connection
 * may stay silent, send its request or idle between requests, how many connections it has in all,
 * and how many server-sent event streams stay open (platform/realtime/stream-caps.ts). Every number
 * is per process: with several API processes behind a balancer, each has its own.
 *
 * The numbers that depend on the machine come from the process's file descriptor limit: every
 * connection is one descriptor, and whatever the connections leave is what the database pool, files
 * being served or uploaded and ffmpeg's pipes have. Before, one address holding 3,000 event streams
 * under a limit of 1,024 used the last descriptors: every other request was reset and jobs failed
 * for good when they could open no file.
 */
import { readFileSync } from 'node:fs';
import type { Server, ServerOptions } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/**
 * The HTTP server's timeouts (Fastify's options; Node's own where Fastify has none). An event
 * stream is none of their business: its request is complete when its headers are in (requestTimeout
 * and headersTimeout end there), and its heartbeat (HEARTBEAT_INTERVAL_MS, 25 s) keeps the socket
 * from ever being idle for connectionTimeout.
 */
export const HTTP_TIMEOUTS = {
  /** A socket with nothing read or written this long is closed (a stalled download, a dead peer). */
  connectionTimeoutMs: 120_000,
  /**
   * The whole request, body included, must arrive within this (Node's own default, which Fastify
   * turns off): the browser's 5 MiB upload chunk at 140 kbit/s; a body dribbled in to hold the
   * connection is answered 408.
   */
  requestTimeoutMs: 300_000,
  /** The request line and headers must arrive within this: a connection that sends nothing is cut. */
  headersTimeoutMs: 30_000,
  /** How often Node looks for connections past those two (its default, 30 s, doubles the wait). */
  connectionsCheckingIntervalMs: 5_000,
  /**
   * An idle keep-alive connection is closed after this: Fastify's default, longer than the 60 s
   * after which common load balancers drop an idle pooled connection, so the balancer closes first
   * and never sends a request on a connection we are closing.
   */
  keepAliveTimeoutMs: 72_000,
  /** Then the connection is closed after its answer, so long-lived balancer connections spread. */
  maxRequestsPerSocket: 1_000,
} as const;

/** Fastify's options for the timeouts above (maxConnections is set on the server: limitConnections). */
export function httpServerOptions(): {
  connectionTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  maxRequestsPerSocket: number;
  http: ServerOptions;
} {
  return {
    connectionTimeout: HTTP_TIMEOUTS.connectionTimeoutMs,
    requestTimeout: HTTP_TIMEOUTS.requestTimeoutMs,
    keepAliveTimeout: HTTP_TIMEOUTS.keepAliveTimeoutMs,
    maxRequestsPerSocket: HTTP_TIMEOUTS.maxRequestsPerSocket,
    http: {
      headersTimeout: HTTP_TIMEOUTS.headersTimeoutMs,
      connectionsCheckingInterval: HTTP_TIMEOUTS.connectionsCheckingIntervalMs,
    },
  };
}

/** Assumed when the limit cannot be read (not Linux): the usual soft limit of a Linux process. */
export const ASSUMED_FD_LIMIT = 1_024;
/** Connections take at most this many, however high the descriptor limit. */
export const MAX_CONNECTIONS_CEILING = 10_000;
/** Event streams in all take at most this many by default (and half the connections at most). */
export const STREAMS_TOTAL_CEILING = 1_000;

/**
 * The process's limit on open files (Node raises its soft limit to the hard one at start, so this is
 * the hard limit), from /proc/self/limits; ASSUMED_FD_LIMIT where that cannot be read (not Linux) or
 * says "unlimited".
 */
export function fileDescriptorLimit(
  read: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): number {
  try {
    const line = read()
      .split('\n')
      .find((text) => text.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : ASSUMED_FD_LIMIT;
  } catch {
    return ASSUMED_FD_LIMIT;
  }
}

export interface ConnectionLimits {
  /** Connections this process accepts at once; the next are closed as they arrive. */
  maxConnections: number;
  streams: {
    /** Event streams open from one client address (an IPv6 /64), signed in or not. */
    perAddress: number;
    /** Event streams open for one signed-in account, from wherever. */
    perAccount: number;
    /** Event streams open in this process, all routes together. */
    total: number;
  };
}

/**
 * The limits in force: what the configuration says, else derived from the descriptor limit. Half
 * of the descriptors for connections (the other half: what serving them opens, the database pool,
 * uploads, ffmpeg), and half of the connections at most for event streams, so plain requests always
 * have room: 1,024 descriptors give 512 connections and 256 streams; 4,000 or more give 1,000
 * streams, 20,000 or more 10,000 connections.
 */
export function connectionLimits(
  config: Pick<Config, 'limits'>,
  descriptors: number = fileDescriptorLimit(),
): ConnectionLimits {
  const { limits } = config;
  const maxConnections =
    limits.maxConnections ??
    Math.max(16, Math.min(MAX_CONNECTIONS_CEILING, Math.floor(descriptors / 2)));
  return {
    maxConnections,
    streams: {
      perAddress: limits.streamsPerAddress,
      perAccount: limits.streamsPerAccount,
      total:
        limits.streamsTotal ??
        Math.max(1, Math.min(STREAMS_TOTAL_CEILING, Math.floor(maxConnections / 2))),
    },
  };
}

/** A full server says so in its log at most this often, not once per refused connection. */
const DROP_WARNING_INTERVAL_MS = 60_000;

/**
 * Caps the server's connections, and says in the log what the limits are. Past the cap Node closes
 * each new connection as it arrives (the client sees a reset): the descriptors left stay for the
 * database, files and jobs.
 */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): void {
  const { maxConnections } = limits;
  server.maxConnections = maxConnections;
  log.info(
    { maxConnections, streams: limits.streams },
    'connection and stream limits of this process (decision 038)',
  );
  let warnedAt = Number.NEGATIVE_INFINITY;
  /** Connections closed on arrival since the last warning (the first included). */
  let dropped = 0;
  server.on('drop', () => {
    dropped += 1;
    const now = Date.now();
    if (now - warnedAt < DROP_WARNING_INTERVAL_MS) return;
    log.warn(
      { maxConnections, dropped },
      'connection limit reached: new connections are closed (HTTP_MAX_CONNECTIONS, decision 038)',
    );
    warnedAt = now;
    dropped = 0;
  });
}
