/**
 * Resumable upload (tus 1.0) at /api/uploads for creators and admins (DESIGN.md §3 "Videos").
 * The bytes go to DATA_DIR/uploads. When the last byte arrives the file is checked (type by its
 * content, size, ffprobe's duration), then the video (processing), its campaign submission and the
 * processing job are written in one transaction and the final PATCH answers 201 { video }. A file
 * that fails a check is deleted at once and the answer carries SPEC.md's message in the usual error
 * shape. Originals are never served: there is no GET here.
 */
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { type UploadMetadata, uploadMetadataSchema, VIDEO_MAX_BYTES } from '@adreel/domain';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../app';
import type { AuthContext } from '../../modules/auth/auth.tokens';
import { allow, requireAuth } from '../../platform/authenticate';
import { AppError, errorBody } from '../../platform/errors';
import type { Worker } from '../../platform/jobs/queue';
import { createUploadedVideo, UploadRefused, VIDEO_MAX_BYTES_MESSAGE } from './upload.service';

const UNFINISHED_TTL_MS = 24 * 60 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Tus hands its hooks a web Request; the Node request under it carries the caller. */
const callers = new WeakMap<IncomingMessage, AuthContext>();

type TusRequest = { runtime?: { node?: { req?: IncomingMessage } } };

function callerOf(req: unknown): AuthContext {
  const raw = (req as TusRequest).runtime?.node?.req;
  const auth = raw ? callers.get(raw) : undefined;
  if (!auth) throw tusError(401, 'unauthorized', 'Please sign in to continue');
  return auth;
}

interface TusError {
  status_code: number;
  body: string;
}

function tusError(status: number, code: string, message: string): TusError {
  return { status_code: status, body: JSON.stringify(errorBody(code, message)) };
}

function isTusError(value: unknown): value is TusError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status_code' in value &&
    typeof (value as TusError).status_code === 'number'
  );
}

/** tus metadata values are strings or null; empty ones count as absent. */
export function metadataOf(upload: Pick<Upload, 'metadata'>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(upload.metadata ?? {})) {
    if (typeof value === 'string' && value !== '') result[key] = value;
  }
  return result;
}

export function parseMetadata(upload: Pick<Upload, 'metadata'>): UploadMetadata {
  const { ownerId: _ownerId, ...fields } = metadataOf(upload);
  const parsed = uploadMetadataSchema.safeParse(fields);
  if (!parsed.success) {
    throw tusError(400, 'validation_error', parsed.error.issues[0]?.message ?? 'Invalid upload');
  }
  return parsed.data;
}

export const uploadRoutes: FastifyPluginAsyncZod<{
  context: ModuleContext;
  worker: Worker;
}> = async (app, { context, worker }) => {
  const directory = path.join(context.config.dataDir, 'uploads');
  // An upload left unfinished for a day is given up; the sweep below deletes its bytes.
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: UNFINISHED_TTL_MS });

  const tus = new Server({
    path: '/api/uploads',
    datastore: store,
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(req, upload) {
      const auth = callerOf(req);
      // Refuse a bad title before any byte is sent; it is checked again when the file is complete.
      parseMetadata(upload);
      return { metadata: { ...upload.metadata, ownerId: auth.userId } };
    },
    async onIncomingRequest(req, uploadId) {
      const auth = callerOf(req);
      let owner: string | null | undefined;
      try {
        owner = (await store.getUpload(uploadId)).metadata?.ownerId;
      } catch {
        return; // Unknown upload: tus answers 404 itself.
      }
      if (owner !== auth.userId) throw tusError(404, 'not_found', 'Upload not found');
    },
    async onUploadFinish(req, upload) {
      const auth = callerOf(req);
      const file = path.join(directory, upload.id);
      try {
        const metadata = parseMetadata(upload);
        const video = await createUploadedVideo(context.db, {
          file,
          uploadId: upload.id,
          creatorId: auth.userId,
          metadata,
        });
        worker.nudge();
        return {
          status_code: 201,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ video }),
        };
      } catch (error) {
        // Nothing of a refused file is kept: the bytes and tus's metadata file go now.
        await store.remove(upload.id).catch(() => undefined);
        if (error instanceof UploadRefused || error instanceof AppError) {
          throw tusError(error.statusCode, error.code, error.message);
        }
        if (isTusError(error)) throw error;
        app.log.error({ err: error, uploadId: upload.id }, 'upload finish failed');
        throw tusError(500, 'internal_error', 'Something went wrong. Please try again.');
      }
    },
    onResponseError(_req, error) {
      if (isTusError(error)) {
        if (error.body.startsWith('{')) return error;
        if (error.status_code === 413) {
          return tusError(413, 'file_too_large', VIDEO_MAX_BYTES_MESSAGE);
        }
        return tusError(error.status_code, 'upload_error', error.body.trim());
      }
      app.log.error({ err: error }, 'upload failed');
      return tusError(500, 'internal_error', 'Something went wrong. Please try again.');
    },
  });

  const sweep = setInterval(() => {
    tus
      .cleanUpExpiredUploads()
      .catch((error: unknown) => app.log.warn({ err: error }, 'upload sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Tus reads the body itself: the bytes are not parsed (nor limited by bodyLimit) here.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    callers.set(request.raw, requireAuth(request));
    reply.hijack();
    // Errors and the 201 carry JSON; 204s and HEADs carry no body, so the header is harmless.
    reply.raw.setHeader('Content-Type', 'application/json; charset=utf-8');
    await tus.handle(request.raw, reply.raw);
  };
  const guard = { preHandler: allow.roles(['creator', 'admin']) };
  app.post('/api/uploads', guard, handler);
  app.patch('/api/uploads/:id', guard, handler);
  app.head('/api/uploads/:id', guard, handler);
  app.delete('/api/uploads/:id', guard, handler);
};
