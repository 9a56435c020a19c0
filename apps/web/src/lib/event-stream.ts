import { createParser } from 'eventsource-parser';
import { getAccessToken } from '@/lib/api';

/**
 * Server-sent event streams read with fetch: the beta counter, issue 7's admin counts, issue 19's
 * analytics. EventSource cannot send the bearer token, and cannot see why a stream was refused: a
 * server with too many streams open answers 429 or 503 with Retry-After (decision 038), which
 * EventSource takes as the end for good. Here the wait is honoured and the stream tried again.
 */

/** A stream answered with something other than an event stream: its status, and Retry-After. */
export class StreamRefusedError extends Error {
  override name = 'StreamRefusedError';

  constructor(
    readonly status: number,
    /** What Retry-After asked for, in milliseconds; null when it said nothing usable. */
    readonly retryAfterMs: number | null,
  ) {
    super(`stream answered ${status}`);
  }
}

/** Retry-After (RFC 9110 §10.2.3) in milliseconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month ("Sat, 28 Nov 2026 10:01:00 GMT"); Date.parse takes more.
  if (!/^[a-z]{3}, /i.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The longest event read: ours are a few hundred characters (counts, changed ids); past this the
 * stream is treated as broken rather than buffered without end.
 */
export const MAX_EVENT_CHARS = 1_000_000;

export interface ReadOptions {
  /** Sends the access token (default). The public beta counter does without. */
  withToken?: boolean;
}

/**
 * Reads a server-sent event stream until it ends. `onOpen` runs once the server has answered 200,
 * `onData` with each event's data lines joined; a refused answer throws StreamRefusedError.
 */
export async function readEventStream(
  path: string,
  signal: AbortSignal,
  onData: (data: string) => void,
  onOpen: () => void = () => {},
  { withToken = true }: ReadOptions = {},
): Promise<void> {
  const token = withToken ? getAccessToken() : null;
  const response = await fetch(path, {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal,
  });
  if (!response.ok || !response.body)
    throw new StreamRefusedError(
      response.status,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  onOpen();
  let overflow = false;
  // eventsource-parser follows the WHATWG event-stream grammar (CR, LF or CRLF line ends, comments,
  // multi-line data, a BOM), which the hand-split lines before it did not all handle.
  const parser = createParser({
    onEvent: (event) => {
      if (event.data) onData(event.data);
    },
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflow = true;
    },
    maxBufferSize: MAX_EVENT_CHARS,
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
    if (overflow) {
      // A stream that never ends its event is broken: dropped, and opened again after the wait.
      await reader.cancel();
      throw new Error(`an event of the stream passed ${MAX_EVENT_CHARS} characters`);
    }
  }
}

/** The wait after a stream ends, and the first after it fails; as the server's `retry:` says. */
export const FIRST_RETRY_MS = 3_000;
/** Failures in a row double the wait up to this. */
export const MAX_RETRY_MS = 60_000;

/**
 * How long to wait before trying again after `failures` failures in a row (0: the stream was open
 * and ended): what Retry-After asked for when the server said, else 3 s doubling to a minute; then
 * up to half again at random, so tabs refused together do not come back together.
 */
export function reconnectDelay(failures: number, error: unknown, random = Math.random): number {
  const backoff = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  const asked = error instanceof StreamRefusedError ? error.retryAfterMs : null;
  const wait = asked === null ? backoff : Math.max(asked, FIRST_RETRY_MS);
  return Math.round(wait * (1 + random() * 0.5));
}

export interface LiveStreamOptions extends ReadOptions {
  onData: (data: string) => void;
  /** The stream is open (the server answered 200). */
  onOpen?: () => void;
  /** The stream ended or could not be opened; it is tried again after a wait. */
  onDown?: () => void;
}

/**
 * Keeps a stream open until `signal` aborts: reads it, and after it ends or fails waits as
 * reconnectDelay says and reads it again.
 */
export function keepEventStreamOpen(
  path: string,
  signal: AbortSignal,
  { onData, onOpen = () => {}, onDown = () => {}, ...read }: LiveStreamOptions,
): void {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });

  const connect = async () => {
    let error: unknown = null;
    try {
      await readEventStream(
        path,
        signal,
        onData,
        () => {
          failures = 0;
          onOpen();
        },
        read,
      );
    } catch (caught) {
      // Tried again below; an abort ends it.
      error = caught;
    }
    if (signal.aborted) return;
    if (error !== null) failures += 1;
    onDown();
    timer = setTimeout(() => void connect(), reconnectDelay(failures, error));
  };
  void connect();
}
