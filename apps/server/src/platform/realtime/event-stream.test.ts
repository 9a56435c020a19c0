import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStreams, type EventStream } from './event-stream';

const streams = createEventStreams(20);
const app = Fastify({ logger: false });
const closed: string[] = [];
let opened: EventStream | null = null;
let url: string;

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
});
