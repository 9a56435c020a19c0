/**
 * GET /media/* serves processed media from storage with HTTP Range (206) and content types by
 * extension. Only processed files live there; originals stay in DATA_DIR/uploads, never served.
 */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { Storage } from '../../platform/storage/storage';

export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  mkdirSync(storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    acceptRanges: true,
    cacheControl: true,
    maxAge: '1d',
    // Files are written under a staging name and renamed: a half-written file is never at a key.
    allowedPath: (pathName) => !pathName.includes('.part-'),
  });
};
