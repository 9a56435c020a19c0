/**
 * A live value as server-sent events: listening starts before the first read, so a change in
 * between is not missed; the first read is sent unless an update (read later, so at least as
 * fresh) got there first. A failed first read ends the stream and the browser reconnects. A stream
 * past the process's caps is refused before any of that (stream-caps.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventStream, EventStreams } from './event-stream';
import type { LiveListener } from './live-read';

export interface LiveSource<T> {
  subscribe(listener: LiveListener<T>): Promise<() => void>;
  read(): Promise<T>;
  /** For the log line of a failed first read, e.g. "the admin counts". */
  what: string;
}

export async function streamLive<T>(
  streams: EventStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  source: LiveSource<T>,
): Promise<void> {
  streams.admit(request, reply);
  let stream: EventStream | null = null;
  let updated = false;
  const unsubscribe = await source.subscribe((value) => {
    if (!stream) return;
    updated = true;
    stream.send(value);
  });
  stream = streams.open(request, reply);
  stream.onClose(unsubscribe);
  try {
    const value = await source.read();
    if (!updated) stream.send(value);
  } catch (error) {
    request.log.warn({ err: error }, `could not read ${source.what}; the browser will retry`);
    stream.close();
  }
}
