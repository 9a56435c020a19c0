/**
 * How many server-sent event streams one process keeps open (issue 25 item 3, decision 038): so
 * many per client address, so many per signed-in account, so many in all. A stream past a cap is
 * answered before it opens: 429 with Retry-After for a client over its share, 503 with Retry-After
 * when the process is full. Every stream route goes through here (event-stream.ts admits each
 * stream it opens), signed in or not.
 *
 * The counts are this process's: streams live in the process that answered them, so with several
 * API processes each holds up to these numbers (a client spread over N processes by the balancer
 * may hold N times its share). A place is given back when the response closes, whatever closed it:
 * the client going away, the server ending the stream or shutting down, an error answered instead.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { errorResponseSchema } from '@adreel/domain';
import { STREAM_MESSAGES } from '@adreel/domain/messages/streams';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { connectionLimits } from '../connection-limits';
import { RetryLaterError } from '../errors';

export interface StreamLimits {
  perAddress: number;
  perAccount: number;
  total: number;
}

/**
 * Seconds a refused client waits. Over its own share: its streams last as long as its tabs, so
 * sooner is pointless. Process full: others' streams end all the time, and behind a balancer the
 * next try may reach another process. The web app adds up to half again at random.
 */
export const STREAM_RETRY_AFTER_SECONDS = { overShare: 30, full: 15 } as const;

/** A stream route's refusals, for its OpenAPI responses. */
export const streamRefusals = {
  429: errorResponseSchema.describe(
    'Too many streams open from this address or for this account (Retry-After says when to try again)',
  ),
  503: errorResponseSchema.describe(
    'This server holds all the streams it can (Retry-After says when to try again)',
  ),
};

export const tooManyStreams = (message: string) =>
  new RetryLaterError(429, 'too_many_streams', message, STREAM_RETRY_AFTER_SECONDS.overShare);
export const streamsFull = () =>
  new RetryLaterError(
    503,
    'streams_full',
    STREAM_MESSAGES.serverFull,
    STREAM_RETRY_AFTER_SECONDS.full,
  );

/**
 * The client an address stands for: an IPv4 address (also written IPv4-mapped), or an IPv6 address's
 * /64, since one host or home is handed a whole /64 and may use any address in it.
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = address.split('::');
  const first = groups(head);
  const all =
    tail === undefined
      ? first
      : [
          ...first,
          ...Array<string>(8 - first.length - groups(tail).length).fill('0'),
          ...groups(tail),
        ];
  const prefix = all.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

export interface StreamCaps {
  /**
   * Takes a place for this request's stream, or throws the 429 or 503 to answer instead. Call it
   * before any work the stream needs (subscriptions, reads): a refused request does none. The place
   * is given back when the response closes; admitting a request twice takes one place.
   */
  admit(request: FastifyRequest, reply: FastifyReply): void;
  /** Streams admitted and not yet closed. */
  readonly open: number;
}

export function createStreamCaps(limits: StreamLimits): StreamCaps {
  const byAddress = new Map<string, number>();
  const byAccount = new Map<string, number>();
  const admitted = new WeakSet<object>();
  let open = 0;

  const add = (counts: Map<string, number>, key: string, step: 1 | -1) => {
    const next = (counts.get(key) ?? 0) + step;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    get open() {
      return open;
    },

    admit(request, reply) {
      if (admitted.has(request.raw)) return;
      // request.ip as TRUST_PROXY decides it (decision 024): the socket's peer unless a believed
      // proxy says otherwise.
      const address = clientAddressKey(request.ip);
      const account = request.auth?.userId;
      if ((byAddress.get(address) ?? 0) >= limits.perAddress)
        throw tooManyStreams(STREAM_MESSAGES.tooManyFromAddress);
      if (account !== undefined && (byAccount.get(account) ?? 0) >= limits.perAccount)
        throw tooManyStreams(STREAM_MESSAGES.tooManyForAccount);
      if (open >= limits.total) throw streamsFull();

      admitted.add(request.raw);
      open += 1;
      add(byAddress, address, 1);
      if (account !== undefined) add(byAccount, account, 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        open -= 1;
        add(byAddress, address, -1);
        if (account !== undefined) add(byAccount, account, -1);
      };
      reply.raw.once('close', release);
      // Gone already (the client left while the route was at work): 'close' has been and gone.
      if (reply.raw.destroyed || request.raw.socket?.destroyed) release();
    },
  };
}

/** One set of caps per HTTP server: every stream route of an app shares it. */
const capsByServer = new WeakMap<object, StreamCaps>();

/**
 * The caps of this app's server, made from the configuration on first use: per process in a
 * deployment (one server each), per app in a test that builds several.
 */
export function streamCapsOf(app: FastifyInstance, config: Pick<Config, 'limits'>): StreamCaps {
  let caps = capsByServer.get(app.server);
  if (!caps) {
    caps = createStreamCaps(connectionLimits(config).streams);
    capsByServer.set(app.server, caps);
  }
  return caps;
}
