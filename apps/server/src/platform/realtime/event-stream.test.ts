import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStreams, type EventStream, openEventStreamCount } from './event-stream';
import { createStreamCaps } from './stream-caps';

const caps = createStreamCaps({ perAddress: 10, perAccount: 10, total: 10 });
const streams = createEventStreams(caps, 20);
const app = Fastify({ logger: false });
const closed: string[] = [];
let opened: EventStream | null = null;
let url: string;
const late = (() => {
  let finish = () => {};
  let left = false;
  return {
    work: new Promise<void>((resolve) => {
      finish = resolve;
    }),
    finish: () => finish(),
    left: () => {
      left = true;
    },
    hasLeft: () => left,
  };
})();

beforeAll(async () => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-frame-options', 'DENY');
  });
  app.get('/events', (request, reply) => {
    const stream = streams.open(request, reply);
    opened = stream;
    stream.onClose(() => closed.push(request.id));
    stream.send({ hello: 'world' });
  });
  // A stream opened after some work, during which its client may leave (live-stream.ts subscribes).
  app.get('/late', async (request, reply) => {
    streams.admit(request, reply);
    reply.raw.once('close', () => late.left());
    await late.work;
    streams.open(request, reply).onClose(() => closed.push('late'));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/events`;
});
afterAll(() => app.close());

async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  done: (text: string) => boolean,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

describe('event streams', () => {
  it('keep the headers set before, send events and heartbeats, and clean up when the client leaves', async () => {
    const abort = new AbortController();
    const res = await fetch(url, { signal: abort.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const text = await readUntil(reader, (t) => t.includes(': heartbeat\n\n'));
    expect(text).toMatch(/^retry: \d+\n\ndata: \{"hello":"world"\}\n\n/);
    expect(text).toContain(': heartbeat\n\n');

    const before = closed.length;
    abort.abort();
    await expect.poll(() => closed.length).toBe(before + 1);
    // Sending to a stream whose client left is harmless.
    opened?.send({ late: true });
  });

  it('end every open stream on closeAll', async () => {
    const res = await fetch(url);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    await readUntil(reader, (t) => t.includes('data:'));
    const before = closed.length;
    streams.closeAll();
    await readUntil(reader, () => false);
    expect(closed.length).toBe(before + 1);
  });

  it('close a stream at once, and give its place back, when the client left before it opened', async () => {
    const before = openEventStreamCount();
    // One socket of its own (no pool), cut while the route is at work.
    const request = get(url.replace('/events', '/late'), { agent: false });
    request.on('error', () => {});
    await expect.poll(() => caps.open).toBe(1);
    request.destroy();
    await expect.poll(() => late.hasLeft()).toBe(true);
    // The place is back as soon as the client left, before the route is done with its work.
    expect(caps.open).toBe(0);
    late.finish();
    await expect.poll(() => closed.includes('late')).toBe(true);
    expect(openEventStreamCount()).toBe(before);
  });
});
