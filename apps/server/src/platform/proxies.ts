/**
 * TRUST_PROXY as Fastify's trustProxy (decision 024): whose X-Forwarded-For, -Proto and -Host
 * headers decide request.ip, request.protocol and request.host.
 */
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  // Fastify fails closed on a bare number (it cannot check the peer), so a hop count is said as
  // proxy-addr's function: the socket's peer is hop 0, each X-Forwarded-For entry from the right
  // one more; the first address not believed is the client.
  const { hops } = trust;
  return (_address: string, hop: number) => hop < hops;
}
