/**
 * GET /media/<key> serves processed media from storage, whichever the driver (decision 011): HTTP
 * Range (206, 416), the content type by extension, and a year's immutable caching for renditions,
 * whose keys are the hash of their bytes, with that hash as a strong ETag (If-None-Match → 304;
 * issue 20). Only processed files live in storage; originals stay in
 * DATA_DIR/uploads and are never served. A missing key is a plain 404, not the web app.
 */
import { REQUEST_MESSAGES } from '@adreel/domain';
import type { FastifyPluginAsync } from 'fastify';
import { errorBody } from '../../platform/errors';
import { parseRange } from '../../platform/storage/keys';
import type { Storage } from '../../platform/storage/storage';

/**
 * If-None-Match against an ETag: `*`, or any listed tag equal to it by the weak comparison
 * (RFC 9110 §13.1.2: W/ prefixes ignored).
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get<{ Params: { '*': string } }>(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'A processed video or poster by the URL in fileUrl or thumbUrl',
        description:
          'One byte range (Range: bytes=…) is answered with 206 and Content-Range, an unsatisfiable one with 416. Renditions are named by the hash of their bytes and cached for a year (immutable), with that hash as a strong ETag; If-None-Match with it is answered 304. Originals are never served; a rejected video’s media is gone (404).',
      },
    },
    async (request, reply) => {
      const found = await storage.read(request.params['*'], parseRange(request.headers.range));
      reply.header('accept-ranges', 'bytes');
      if (found.kind === 'not_found') {
        return reply.code(404).send(errorBody('not_found', REQUEST_MESSAGES.notFound));
      }
      if (found.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${found.totalSize}`)
          .send(errorBody('range_not_satisfiable', 'Range not satisfiable'));
      }
      reply.header('etag', found.etag).header('cache-control', found.cacheControl);
      // A client (or a CDN) that has these bytes gets no body again (RFC 9110 §13.1.2): the
      // validator is checked before the range, as a cache revalidating a part would.
      if (matchesEtag(request.headers['if-none-match'], found.etag)) {
        found.body.destroy();
        return reply.code(304).send();
      }
      reply
        .code(found.range ? 206 : 200)
        .header('content-type', found.contentType)
        .header('content-length', found.contentLength);
      if (found.range) {
        reply.header(
          'content-range',
          `bytes ${found.range.start}-${found.range.end}/${found.totalSize}`,
        );
      }
      return reply.send(found.body);
    },
  );
};
