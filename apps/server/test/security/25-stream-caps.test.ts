/**
 * Issue 25 item 3: unauthenticated event streams without a cap. One address held 3,000 streams open
 * to /api/beta/progress/stream; under a limit of 1,024 file descriptors every other request was
 * reset and jobs failed for good. Now each process admits so many streams per client address (an
 * IPv6 /64), per signed-in account and in all, and answers the rest 429 or 503 with Retry-After in
 * the usual error shape; a closed stream gives its place back; and the HTTP server has timeouts and
 * a cap on connections (decision 038).
 *
 * Streams are opened over a real socket (inject cannot hold one open) from addresses named in
 * X-Forwarded-For, which TRUST_PROXY=loopback believes from 127.0.0.1 (decision 024). Every stream
 * a test opens is closed after it, and the caps are seen back at zero.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { STREAM_MESSAGES } from '@adreel/domain/messages/streams';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import {
  ASSUMED_FD_LIMIT,
  connectionLimits,
  fileDescriptorLimit,
  HTTP_TIMEOUTS,
  MAX_CONNECTIONS_CEILING,
  STREAMS_TOTAL_CEILING,
} from '../../src/platform/connection-limits';
import { HEARTBEAT_INTERVAL_MS } from '../../src/platform/realtime/event-stream';
import { type StreamCaps, streamCapsOf } from '../../src/platform/realtime/stream-caps';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';

const PER_ADDRESS = 2;
const PER_ACCOUNT = 3;
const TOTAL = 5;
const ENV = {
  TRUST_PROXY: 'loopback',
  STREAMS_PER_ADDRESS: String(PER_ADDRESS),
  STREAMS_PER_ACCOUNT: String(PER_ACCOUNT),
  STREAMS_TOTAL: String(TOTAL),
  HTTP_MAX_CONNECTIONS: '64',
};
const BETA = '/api/beta/progress/stream';
const ADMIN_COUNTS = '/api/admin/counts/stream';

let t: TestApp;
let baseUrl: string;
let caps: StreamCaps;
/** Every stream opened and not yet closed, to close after each test. */
const held = new Set<AbortController>();

beforeAll(async () => {
  t = await createTestApp(ENV);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  caps = streamCapsOf(t.app, loadConfig(ENV));
});
afterEach(async () => {
  for (const abort of held) abort.abort();
  held.clear();
  // Every place is given back once the server sees the sockets close.
  await vi.waitFor(() => expect(caps.open).toBe(0));
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  retryAfter: string | null;
  error?: { code: string; message: string; requestId: string };
  close(): Promise<void>;
}

/** Asks for a stream as `from` (X-Forwarded-For), holding it open when it is one. */
async function stream(from: string, path = BETA, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { accept: 'text/event-stream', 'x-forwarded-for': from, ...headers },
    signal: abort.signal,
  });
  const answer: Answer = {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    close: async () => {
      const before = caps.open;
      abort.abort();
      held.delete(abort);
      await vi.waitFor(() => expect(caps.open).toBe(before - 1));
    },
  };
  if (res.status === 200) {
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    held.add(abort);
  } else {
    answer.error = ((await res.json()) as { error: Answer['error'] }).error;
  }
  return answer;
}

describe('streams per client address', () => {
  it('refuses one stream more than the cap from one address with 429 and Retry-After', async () => {
    for (let n = 0; n < PER_ADDRESS; n++) expect((await stream('203.0.113.7')).status).toBe(200);
    const extra = await stream('203.0.113.7');
    expect(extra.status).toBe(429);
    expect(extra.retryAfter).toBe('30');
    expect(extra.error).toEqual({
      code: 'too_many_streams',
      message: STREAM_MESSAGES.tooManyFromAddress,
      requestId: expect.any(String),
    });
    expect(caps.open).toBe(PER_ADDRESS);
    // Another address is not concerned.
    expect((await stream('203.0.113.8')).status).toBe(200);
  });

  it('gives the place back when a stream closes', async () => {
    const first = await stream('203.0.113.9');
    expect((await stream('203.0.113.9')).status).toBe(200);
    expect((await stream('203.0.113.9')).status).toBe(429);
    await first.close();
    expect((await stream('203.0.113.9')).status).toBe(200);
    expect((await stream('203.0.113.9')).status).toBe(429);
  });

  it('counts the address TRUST_PROXY decides, and an IPv6 /64 as one client', async () => {
    // The socket's peer is 127.0.0.1 for all of these: only the believed header tells them apart.
    expect((await stream('2001:db8:1:2::a')).status).toBe(200);
    expect((await stream('2001:db8:1:2:ffff::b')).status).toBe(200);
    expect((await stream('2001:db8:1:2::c')).status).toBe(429);
    expect((await stream('2001:db8:1:3::a')).status).toBe(200);
    // Not believed from elsewhere: a client cannot name a new address per stream. (The header's
    // last entry is the one a proxy at 127.0.0.1 appended; what the client wrote before it is not.)
    expect((await stream('198.51.100.1, 203.0.113.20')).status).toBe(200);
    expect((await stream('198.51.100.2, 203.0.113.20')).status).toBe(200);
    expect((await stream('198.51.100.3, 203.0.113.20')).status).toBe(429);
  });
});

describe('streams per signed-in account', () => {
  it('refuses an account its streams past the cap, from whichever addresses, and not its address', async () => {
    const { headers } = await signedInUser(t, 'admin');
    expect((await stream('192.0.2.1', ADMIN_COUNTS, headers)).status).toBe(200);
    expect((await stream('192.0.2.1', ADMIN_COUNTS, headers)).status).toBe(200);
    expect((await stream('192.0.2.2', ADMIN_COUNTS, headers)).status).toBe(200);
    const extra = await stream('192.0.2.2', ADMIN_COUNTS, headers);
    expect(extra.status).toBe(429);
    expect(extra.retryAfter).toBe('30');
    expect(extra.error).toMatchObject({
      code: 'too_many_streams',
      message: STREAM_MESSAGES.tooManyForAccount,
    });
    // The address has room for a stream of someone else (here: nobody signed in).
    expect((await stream('192.0.2.2')).status).toBe(200);
    // Another account from the same addresses is not concerned.
    const other = await signedInUser(t, 'admin');
    expect((await stream('192.0.2.3', ADMIN_COUNTS, other.headers)).status).toBe(200);
  });

  it('takes no place for a stream its caller may not open (401, 403)', async () => {
    const viewer = await signedInUser(t, 'viewer');
    expect((await stream('192.0.2.9', ADMIN_COUNTS, viewer.headers)).status).toBe(403);
    expect((await stream('192.0.2.9', ADMIN_COUNTS)).status).toBe(401);
    expect(caps.open).toBe(0);
  });
});

describe('streams in all (this process)', () => {
  it('answers 503 with Retry-After once the process holds its total, and admits again after a close', async () => {
    const open: Answer[] = [];
    for (const from of ['198.18.0.1', '198.18.0.1', '198.18.0.2', '198.18.0.3', '198.18.0.4']) {
      const answer = await stream(from);
      expect(answer.status).toBe(200);
      open.push(answer);
    }
    expect(open).toHaveLength(TOTAL);
    const extra = await stream('198.18.1.1');
    expect(extra.status).toBe(503);
    expect(extra.retryAfter).toBe('15');
    expect(extra.error).toEqual({
      code: 'streams_full',
      message: STREAM_MESSAGES.serverFull,
      requestId: expect.any(String),
    });
    // A client over its own share hears that, whatever the total.
    expect((await stream('198.18.0.1')).status).toBe(429);
    await open[2]?.close();
    expect((await stream('198.18.1.1')).status).toBe(200);
    expect((await stream('198.18.1.2')).status).toBe(503);
  });
});

describe('the HTTP server', () => {
  it('has timeouts, keep-alive limits and a cap on connections', () => {
    const server = t.app.server;
    expect(server.maxConnections).toBe(64);
    expect(server.timeout).toBe(HTTP_TIMEOUTS.connectionTimeoutMs);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeoutMs);
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeoutMs);
    expect(server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveTimeoutMs);
    expect(server.maxRequestsPerSocket).toBe(HTTP_TIMEOUTS.maxRequestsPerSocket);
    for (const ms of [server.timeout, server.requestTimeout, server.headersTimeout])
      expect(ms).toBeGreaterThan(0);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    // A stream writes its heartbeat well within the idle timeout, so it is never idle that long.
    expect(HEARTBEAT_INTERVAL_MS * 2).toBeLessThan(server.timeout);
  });

  it('derives the connection and stream caps from the descriptor limit unless configured', () => {
    const limits = (env: NodeJS.ProcessEnv, fd: number) => connectionLimits(loadConfig(env), fd);
    // The incident's process: 1,024 descriptors.
    expect(limits({}, 1_024)).toEqual({
      maxConnections: 512,
      streams: { perAddress: 8, perAccount: 16, total: 256 },
    });
    // Read from /proc/self/limits; where that cannot be read, 1,024 is assumed.
    const procLimits =
      'Limit  Soft Limit  Hard Limit  Units\nMax open files            1024                 4096                 files     \n';
    expect(fileDescriptorLimit(() => procLimits)).toBe(1_024);
    expect(fileDescriptorLimit(() => 'Max open files  unlimited  unlimited  files')).toBe(
      ASSUMED_FD_LIMIT,
    );
    expect(
      fileDescriptorLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBe(ASSUMED_FD_LIMIT);
    expect(fileDescriptorLimit()).toBeGreaterThan(0);
    expect(limits({}, 20_000).maxConnections).toBe(MAX_CONNECTIONS_CEILING);
    expect(limits({}, 20_000).streams.total).toBe(STREAMS_TOTAL_CEILING);
    expect(limits({}, 1_048_576).maxConnections).toBe(MAX_CONNECTIONS_CEILING);
    expect(limits(ENV, 1_024)).toEqual({
      maxConnections: 64,
      streams: { perAddress: PER_ADDRESS, perAccount: PER_ACCOUNT, total: TOTAL },
    });
  });
});

/**
 * A second process of its own, for what the first must not go through: its connections filled, its
 * timeouts shortened, its shutdown. In this order.
 */
describe('one more process: connections, timeouts and shutdown', () => {
  const env = { HTTP_MAX_CONNECTIONS: '16' };
  let own: TestApp;
  let port: number;
  let closed = false;
  beforeAll(async () => {
    own = await createTestApp(env);
    // Node looks for connections past their timeouts every 50 ms instead of every 5 s.
    // (A property Node reads when it starts listening; its types know only the option.)
    Object.assign(own.app.server, { connectionsCheckingInterval: 50 });
    await own.app.listen({ host: '127.0.0.1', port: 0 });
    port = (own.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (!closed) await own?.close();
  });

  const connections = () =>
    new Promise<number>((resolve) => own.app.server.getConnections((_error, n) => resolve(n)));

  it('closes connections past HTTP_MAX_CONNECTIONS as they arrive, and accepts again once one ends', async () => {
    const sockets: net.Socket[] = [];
    const connect = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      sockets.push(socket);
      return socket;
    };
    try {
      for (let n = 0; n < 16; n++) connect();
      await vi.waitFor(async () => expect(await connections()).toBe(16));
      const extra = connect();
      const ended = new Promise<boolean>((resolve) => extra.on('close', () => resolve(true)));
      extra.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await ended).toBe(true);
      expect(extra.bytesRead).toBe(0);
      // One ends: there is room again.
      sockets[0]?.destroy();
      await vi.waitFor(async () => expect(await connections()).toBe(15));
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(res.status).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
      // Room again before the next test connects (the fetch's keep-alive connection may remain).
      await vi.waitFor(async () => expect(await connections()).toBeLessThanOrEqual(1));
    }
  });

  it('lets a stream outlive the request and header timeouts that cut a silent connection', async () => {
    const server = own.app.server;
    // The real timeouts are minutes: shortened here, then put back.
    server.requestTimeout = 300;
    server.headersTimeout = 200;
    const abort = new AbortController();
    try {
      const res = await fetch(`http://127.0.0.1:${port}${BETA}`, { signal: abort.signal });
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no body');
      const silent = net.connect(port, '127.0.0.1');
      const cut = new Promise<string>((resolve) => {
        let answer = '';
        silent.on('data', (chunk) => {
          answer += chunk.toString();
        });
        silent.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
        silent.on('error', () => {});
      });
      expect(await cut).toBe('HTTP/1.1 408 Request Timeout');
      await new Promise((resolve) => setTimeout(resolve, 400));
      // Still open, well past both: a new count reaches it.
      const joined = await fetch(`http://127.0.0.1:${port}/api/access-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Late Joiner', email: 'late@example.com', role: 'viewer' }),
      });
      expect(joined.status).toBe(201);
      let text = '';
      const decoder = new TextDecoder();
      while (!text.includes('"count":1')) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error('the stream ended');
        text += decoder.decode(chunk.value, { stream: true });
      }
    } finally {
      abort.abort();
      server.requestTimeout = HTTP_TIMEOUTS.requestTimeoutMs;
      server.headersTimeout = HTTP_TIMEOUTS.headersTimeoutMs;
    }
  });

  it('gives every place back when the server ends its streams', async () => {
    const ownCaps = streamCapsOf(own.app, loadConfig(env));
    await vi.waitFor(() => expect(ownCaps.open).toBe(0));
    const abort = new AbortController();
    try {
      const url = `http://127.0.0.1:${port}${BETA}`;
      const answers = await Promise.all([1, 2].map(() => fetch(url, { signal: abort.signal })));
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      expect(ownCaps.open).toBe(2);
      closed = true;
      await own.close();
      await vi.waitFor(() => expect(ownCaps.open).toBe(0));
    } finally {
      abort.abort();
    }
  });
});
