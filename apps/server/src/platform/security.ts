import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { APP_CODE_SCRIPT_HASH } from './app-code';

/**
 * Security headers for every response. The CSP allows one inline script, by its hash (the page
 * asking for the app's code, app-code.ts), and no inline style ('unsafe-inline' nowhere): the web
 * app ships its CSS in its stylesheet (sonner's injected styles are bundled at build time). The one <style> element the app makes at run time, the dialogs'
 * scroll lock (react-remove-scroll-bar, measured per screen), carries the page's style nonce
 * (stylePageNonce, decision 034). HSTS and upgrade-insecure-requests only when served over HTTPS.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
): Promise<void> {
  const https = publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the page asking for the app's code (app-code.ts).
        scriptSrc: ["'self'", APP_CODE_SCRIPT_HASH],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  registerPrivateAnswers(app);
}

/**
 * An answer to a request that carried credentials (an access token or a cookie) is kept by no cache
 * (`cache-control: no-store`), and so is every answer of /api/auth (tokens): a browser's back
 * button, a shared proxy or a CDN must never hand one person's transactions, sessions or outbox to
 * someone else. A route whose answer is deliberately public says so with its own cache-control
 * (the JWKS, the providers list, media), which is kept. A signed-out read of the public API keeps
 * what it had: the feed's page preloads it beside the app's code (web.ts), and a no-store answer is
 * not one the browser hands to the app's own request.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    if (
      request.headers.authorization !== undefined ||
      request.headers.cookie !== undefined ||
      request.url.startsWith('/api/auth/')
    )
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** A policy with `'nonce-…'` added to its style-src (and to none of its other directives). */
export function withStyleNonce(policy: string, nonce: string): string {
  return policy.replace(
    /(^|;)(\s*)style-src([^;]*)/,
    (_match, start: string, space: string, sources: string) =>
      `${start}${space}style-src${sources} 'nonce-${nonce}'`,
  );
}

/**
 * A fresh style nonce for an HTML page: 128 random bits, added to this reply's CSP style-src. The
 * page hands it to its scripts (web.ts: `<meta property="csp-nonce" nonce="…">`), so a <style>
 * element the app makes carries it; a style an attacker injects into the page cannot know it. A
 * new one for every response: the page is never cached as it is (cache-control: no-cache).
 */
export function stylePageNonce(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header('content-security-policy', withStyleNonce(policy, nonce));
  }
  return nonce;
}
