import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The built index.html with the configured product name in its title and application-name meta. */
function loadIndexHtml(distDir: string, appName: string): string {
  const name = escapeHtml(appName);
  return readFileSync(path.join(distDir, 'index.html'), 'utf8')
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${name}$2`);
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Serves the built web app. Paths that are not files fall back to index.html, so the web app's own
 * router (and its 404 page) answers unknown routes; unknown API paths get a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; appName: string },
): Promise<void> {
  const hasBuild = existsSync(path.join(options.distDir, 'index.html'));
  if (hasBuild) {
    const indexHtml = loadIndexHtml(options.distDir, options.appName);
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: true,
      // The web build writes .br and .gz beside each text asset (apps/web/scripts/precompress.ts):
      // sent by Accept-Encoding, with no compression work per request.
      preCompressed: true,
      // Vite fingerprints everything under assets/, so those may be cached forever.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const sendIndex = (reply: FastifyReply) =>
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    // The root is a directory to the static handler; it is the app's home page to a person.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const method = request.method;
      if (!isApiPath(request.url) && (method === 'GET' || method === 'HEAD')) {
        return sendIndex(reply);
      }
      return reply.code(404).send(errorBody('not_found', 'Not found'));
    });
    return;
  }
  app.log.warn(
    { distDir: options.distDir },
    'web app is not built; run `npm run build` to serve it',
  );
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(errorBody('not_found', 'Not found')),
  );
}
