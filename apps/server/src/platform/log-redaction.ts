/**
 * Request logging without secrets (issue 13 item 10): a callback URL carries the provider's `code`
 * and `state`, a mailed link's page its `token`, and so on. Pino's redact works on paths of the
 * logged object, not inside a URL string, so the `req` serializer rewrites the query: the value of
 * every parameter whose name looks secret becomes [redacted]; the path and other parameters stay.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameter names whose values are never logged. */
const SECRET_NAME =
  /code|state|token|secret|password|ticket|signature|verifier|nonce|otp|assertion|key|session/i;

export const REDACTED = '[redacted]';

/** The URL with the value of each secret-looking query parameter replaced by [redacted]. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as it is.
      }
      return eq >= 0 && SECRET_NAME.test(name) ? `${rawName}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's own `req` serializer, with the URL's secrets taken out. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: [req.headers?.['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

export const logSerializers = { req: serializeRequest };
