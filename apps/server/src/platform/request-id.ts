/**
 * Request ids (issue 17 item 4): every response carries `x-request-id`, every log line of the
 * request has it (`requestId`), and every error body has it (`error.requestId`) for a user to quote.
 * The id a proxy sends is kept only when the request came through a proxy TRUST_PROXY believes
 * (decision 024), so the operator can follow one request from the load balancer's log into ours;
 * anyone else's header is ignored and a fresh UUID made, so a client cannot write ids into the logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { TrustProxy } from '../config';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy's id may be: short, and only characters that are safe in a log and a header. */
const ACCEPTED_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Whether the peer of this socket is a proxy TRUST_PROXY believes. */
function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  // A hop count believes whoever is in front (the peer is hop 0); a list, only those addresses.
  if ('hops' in trust) return () => trust.hops > 0;
  const believed = proxyAddr.compile(trust.addresses);
  return (address) => address !== undefined && believed(address, 0);
}

/** Fastify's options for request ids under this TRUST_PROXY. */
export function requestIdOptions(
  trust: TrustProxy,
): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'logController'> {
  const isTrusted = trustedPeer(trust);
  return {
    // Fastify would take the header from anyone; genReqId decides instead.
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: (raw: IncomingMessage) => {
      const incoming = raw.headers[REQUEST_ID_HEADER];
      if (
        typeof incoming === 'string' &&
        ACCEPTED_ID.test(incoming) &&
        isTrusted(raw.socket?.remoteAddress)
      ) {
        return incoming;
      }
      return randomUUID();
    },
  };
}

interface ErrorPayload {
  error: { code: string; message: string; requestId?: string };
}

function isErrorPayload(payload: unknown): payload is ErrorPayload {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) return false;
  const error = (payload as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

/** The error body with this request's id in it (a copy; the body may be a shared constant). */
export function withRequestId<T>(payload: T, requestId: string): T {
  if (!isErrorPayload(payload) || payload.error.requestId) return payload;
  return { ...payload, error: { ...payload.error, requestId } } as T;
}

/** The header on every response, and the id in every `{ error }` body, whoever sent it. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('preSerialization', async (request, reply, payload) =>
    reply.statusCode >= 400 ? withRequestId(payload, request.id) : payload,
  );
}
