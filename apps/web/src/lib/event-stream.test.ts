/**
 * The event-stream client against a server that refuses streams (issue 25 item 3, decision 038):
 * a 429 or 503 is tried again after its Retry-After, not at once and not never; failures without
 * one back off from 3 s to a minute; an abort stops it all.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_RETRY_MS,
  keepEventStreamOpen,
  MAX_EVENT_CHARS,
  MAX_RETRY_MS,
  parseRetryAfter,
  readEventStream,
  reconnectDelay,
  StreamRefusedError,
} from './event-stream';

const refused = (status: number, retryAfter?: string) =>
  new Response(JSON.stringify({ error: { code: 'too_many_streams', message: 'Too many' } }), {
    status,
    headers: retryAfter ? { 'retry-after': retryAfter } : {},
  });

/** An open stream that sends one event and then ends. */
const oneEvent = () =>
  new Response(new TextEncoder().encode('data: {"n":1}\n\n'), {
    headers: { 'content-type': 'text/event-stream' },
  });

describe('Retry-After and the wait before the next try', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 15 ', now)).toBe(15_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('waits what the server asked, else 3 s doubling to a minute, plus up to half at random', () => {
    const none = () => 0;
    expect(reconnectDelay(1, new StreamRefusedError(429, 30_000), none)).toBe(30_000);
    expect(reconnectDelay(1, new StreamRefusedError(503, 15_000), () => 1)).toBe(22_500);
    // Never sooner than the first wait, whatever the header says.
    expect(reconnectDelay(1, new StreamRefusedError(503, 0), none)).toBe(FIRST_RETRY_MS);
    expect([0, 1, 2, 3, 6, 10].map((n) => reconnectDelay(n, new Error('offline'), none))).toEqual([
      3_000,
      3_000,
      6_000,
      12_000,
      MAX_RETRY_MS,
      MAX_RETRY_MS,
    ]);
  });
});

/** An open stream that sends `chunks` as they are, then ends. */
const streamOf = (...chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

describe('readEventStream', () => {
  afterEach(() => vi.restoreAllMocks());

  async function read(response: Response): Promise<string[]> {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    const data: string[] = [];
    await readEventStream('/stream', new AbortController().signal, (d) => data.push(d));
    return data;
  }

  it('reads events split across chunks, with any line end, skipping comments and empty events', async () => {
    const data = await read(
      streamOf(
        ': keep-alive\n\n',
        'event: counts\ndata: {"n":',
        '1}\n\ndata: first line\r\ndata: second line\r\n\r\n',
        'data:\n\nretry: 3000\n\ndata: {"n":2}\r\r',
        'data: {"n":3}',
      ),
    );
    // The last event never ended (no blank line) and is not delivered, as EventSource does.
    expect(data).toEqual(['{"n":1}', 'first line\nsecond line', '{"n":2}']);
  });

  it('gives up on a stream whose event never ends, rather than buffering it without end', async () => {
    const endless = `data: ${'x'.repeat(MAX_EVENT_CHARS)}`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamOf(endless, 'more')),
    );
    await expect(
      readEventStream('/stream', new AbortController().signal, () => {}),
    ).rejects.toThrow(/passed/);
  });
});

describe('keepEventStreamOpen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('tries a refused stream again after its Retry-After, not before', async () => {
    const answers = [refused(429, '30'), refused(503, '15'), oneEvent()];
    const fetchMock = vi.fn(async () => answers.shift() ?? refused(503, '15'));
    vi.stubGlobal('fetch', fetchMock);
    const abort = new AbortController();
    const data: string[] = [];
    const down = vi.fn();
    keepEventStreamOpen('/api/beta/progress/stream', abort.signal, {
      onData: (text) => data.push(text),
      onDown: down,
      withToken: false,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(down).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The 503 asked for 15 s.
    await vi.advanceTimersByTimeAsync(14_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(data).toEqual(['{"n":1}']);

    abort.abort();
    await vi.advanceTimersByTimeAsync(10 * MAX_RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('backs off when the server cannot be reached, and starts over once a stream opened', async () => {
    const offline = () => Promise.reject(new TypeError('fetch failed'));
    const answers: Array<() => Promise<Response>> = [
      offline,
      offline,
      offline,
      async () => oneEvent(),
      offline,
    ];
    const fetchMock = vi.fn(() => (answers.shift() ?? offline)());
    vi.stubGlobal('fetch', fetchMock);
    const abort = new AbortController();
    const opened = vi.fn();
    keepEventStreamOpen('/api/admin/counts/stream', abort.signal, {
      onData: () => {},
      onOpen: opened,
    });
    const callsAt = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return fetchMock.mock.calls.length;
    };
    expect(await callsAt(0)).toBe(1);
    expect(await callsAt(3_000)).toBe(2);
    expect(await callsAt(5_999)).toBe(2);
    expect(await callsAt(1)).toBe(3);
    expect(await callsAt(12_000)).toBe(4);
    expect(opened).toHaveBeenCalledTimes(1);
    // The open stream ended: 3 s, then the failure after it waits 3 s again, not 24.
    expect(await callsAt(3_000)).toBe(5);
    expect(await callsAt(3_000)).toBe(6);
    abort.abort();
  });
});
