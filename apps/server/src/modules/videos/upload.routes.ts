/**
 * Resumable upload (tus 1.0) at /api/uploads for creators and admins (DESIGN.md §3 "Videos").
 * The bytes go to DATA_DIR/uploads. When the last byte arrives the file is checked (type by its
 * content, size, ffprobe's duration), then the video (processing), its campaign submission and the
 * processing job are written in one transaction and the final PATCH answers 201 { video }. A file
 * that fails a check is deleted at once and the answer carries SPEC.md's message in the usual error
 * shape. Originals are never served: there is no GET here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir, statfs } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import {
  AREA_ROLES,
  errorResponseSchema,
  SESSION_MESSAGES,
  UPLOAD_IDLE_MINUTES,
  UPLOAD_LIMIT_MESSAGES,
  UPLOAD_MAX_UNFINISHED,
  UPLOAD_MAX_UNFINISHED_BYTES,
  type UploadMetadata,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_PROCESSING,
  videoSchema,
} from '@adreel/domain';
import { ERRORS, Server, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import type { AuthContext } from '../../modules/auth/auth.tokens';
import { allow, requireAuth } from '../../platform/authenticate';
import { isDatabaseUnavailable, isTransientConflict } from '../../platform/db-errors';
import { AppError, errorBody } from '../../platform/errors';
import type { Worker } from '../../platform/jobs/queue';
import { REQUEST_ID_HEADER, withRequestId } from '../../platform/request-id';
import { isResourceExhaustion } from '../../platform/resource-exhaustion';
import {
  checkProcessingRoom,
  createUploadedVideo,
  UploadAlreadyRegistered,
  UploadRefused,
  VIDEO_MAX_BYTES_MESSAGE,
} from './upload.service';
import { createPostgresUploadLocker } from './upload-locker';
import {
  createUploadStore,
  isDiskFull,
  recoverFinishedUploads,
  safeParseMetadata,
  sweepUnfinishedUploads,
  uploadIdFor,
} from './upload-store';
import { mayTouchUpload } from './videos.policy';

const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Tus hands its hooks a web Request; the Node request under it carries the caller. */
const callers = new WeakMap<IncomingMessage, AuthContext>();

type TusRequest = { runtime?: { node?: { req?: IncomingMessage } } };

function callerOf(req: unknown): AuthContext {
  const raw = (req as TusRequest).runtime?.node?.req;
  const auth = raw ? callers.get(raw) : undefined;
  if (!auth) throw tusError(401, 'unauthorized', SESSION_MESSAGES.signInToContinue);
  return auth;
}

interface TusError {
  status_code: number;
  body: string;
}

/** The id of the request tus is answering (platform/request-id.ts), for its error bodies. */
const tusRequestId = new AsyncLocalStorage<string>();

function tusError(status: number, code: string, message: string): TusError {
  const body = errorBody(code, message);
  const requestId = tusRequestId.getStore();
  return {
    status_code: status,
    body: JSON.stringify(requestId ? withRequestId(body, requestId) : body),
  };
}

/** What a creator reads when the upload disk is full: our side, so a 507, and not for long. */
export const STORAGE_FULL_MESSAGE =
  'There is no room to store your video right now. Please try again later.';

/** 503 at the last byte: the upload is whole and kept, and becomes a video once we can record it. */
export const UPLOAD_KEPT_MESSAGE =
  'Your video is uploaded, but we could not add it to your videos just now. It will appear there within the hour.';

/** Bytes an unprivileged process may still write where `directory` lives. */
async function freeBytes(directory: string): Promise<number> {
  await mkdir(directory, { recursive: true });
  const stats = await statfs(directory);
  return stats.bavail * stats.bsize;
}

/** The upload a tus request names (/api/uploads/<id>), if any. */
function uploadIdOf(req: Request): string | null {
  const id = path.posix.basename(new URL(req.url, 'http://upload').pathname);
  return /^[A-Za-z0-9_-]+$/.test(id) && id !== 'uploads' ? id : null;
}

function isTusError(value: unknown): value is TusError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status_code' in value &&
    typeof (value as TusError).status_code === 'number'
  );
}

export function parseMetadata(upload: Pick<Upload, 'metadata'>): UploadMetadata {
  const parsed = safeParseMetadata(upload);
  if (!parsed.success) {
    throw tusError(400, 'validation_error', parsed.error.issues[0]?.message ?? 'Invalid upload');
  }
  return parsed.data;
}

const TUS_DESCRIPTION = [
  'Tus 1.0 (https://tus.io/protocols/resumable-upload) with the creation and termination',
  'extensions; every request carries Tus-Resumable: 1.0.0. Upload-Length is the file size',
  '(at most 100 MB) and is required: Upload-Defer-Length is refused with 400 (length_required).',
  'Upload-Metadata holds base64 values: title (required), caption, campaignId,',
  'ctaText, ctaUrl, filename, filetype. Creators and admins only; an upload is visible to its',
  `owner only. One person may have ${UPLOAD_MAX_UNFINISHED} unfinished uploads of`,
  `${UPLOAD_MAX_UNFINISHED_BYTES / 1024 / 1024} MB declared in all; past that a new one answers 403`,
  `(unfinished_uploads_limit), unless some of theirs received no byte for ${UPLOAD_IDLE_MINUTES}`,
  'minutes: those are deleted to make room. An upload left unfinished for 24 h is deleted. When the',
  'server has no room for the file the answer is 507 (storage_full), at creation or part-way, and',
  `nothing of it is kept. While ${VIDEO_MAX_PROCESSING} of the person's videos are still processing,`,
  'a new upload answers 429 (too_many_processing), at creation or, for uploads started together,',
  'at the last byte, and nothing of it is kept.',
].join(' ');

export const uploadRoutes: FastifyPluginAsyncZod<{
  context: ModuleContext;
  worker: Worker;
}> = async (app, { context, worker }) => {
  const directory = path.join(context.config.dataDir, 'uploads');
  const store = createUploadStore(context.config, context.db);
  // Several processes on one PostgreSQL may serve one upload (a load balancer without stickiness).
  const locker = context.config.databaseUrl
    ? await createPostgresUploadLocker({
        databaseUrl: context.config.databaseUrl,
        db: context.db,
        realtime: context.realtime,
        log: app.log,
      })
    : undefined;
  if (locker) app.addHook('onClose', () => locker.close());

  const tus = new Server({
    path: '/api/uploads',
    datastore: store,
    ...(locker ? { locker } : {}),
    maxSize: VIDEO_MAX_BYTES,
    // Named after the owner, so the per-person limits find their uploads (upload-store.ts).
    namingFunction: (req) => uploadIdFor(callerOf(req).userId),
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(req, upload) {
      const auth = callerOf(req);
      // Refuse a bad title before any byte is sent; it is checked again when the file is complete.
      parseMetadata(upload);
      // And a creator whose earlier videos still wait for processing (decision 037): told before
      // any byte is sent, and checked again when the file is complete.
      try {
        await checkProcessingRoom(context.db, auth.userId);
      } catch (error) {
        if (error instanceof UploadRefused) {
          throw tusError(error.statusCode, error.code, error.message);
        }
        throw error;
      }
      // And a file the upload disk has no room for: told now, rather than cut off part-way. (The
      // size is always declared: the store refuses Upload-Defer-Length.)
      if ((upload.size ?? VIDEO_MAX_BYTES) > (await freeBytes(directory))) {
        throw tusError(507, 'storage_full', STORAGE_FULL_MESSAGE);
      }
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
      if (!mayTouchUpload(auth, { ownerId: owner }))
        throw tusError(404, 'not_found', 'Upload not found');
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
        // Registered already (its processing will delete the file): keep it.
        if (error instanceof UploadAlreadyRegistered) {
          throw tusError(409, 'already_uploaded', 'This upload is already complete');
        }
        // The database is out of reach: the file is whole and stays; the hourly sweep makes it a
        // video once the database is back (recoverFinishedUploads), as after a crash.
        if (isDatabaseUnavailable(error) || isTransientConflict(error)) {
          app.log.error({ err: error, uploadId: upload.id }, 'upload kept: database unavailable');
          throw tusError(503, 'unavailable', UPLOAD_KEPT_MESSAGE);
        }
        // The machine ran out of descriptors, processes or memory while checking the file: not
        // the file's fault (decision 037). It stays and becomes a video at the sweep, the same way.
        if (isResourceExhaustion(error)) {
          app.log.error({ err: error, uploadId: upload.id }, 'upload kept: resources exhausted');
          throw tusError(503, 'unavailable', UPLOAD_KEPT_MESSAGE);
        }
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
    async onResponseError(req, error) {
      if (isDiskFull(error)) {
        // The part written so far is of no use (nobody can resume into a full disk) and takes the
        // room others need: the bytes and tus's metadata go now, and the creator is told why.
        const id = uploadIdOf(req);
        if (id) await store.remove(id).catch(() => undefined);
        app.log.error({ err: error, uploadId: id }, 'upload refused: the upload disk is full');
        return tusError(507, 'storage_full', STORAGE_FULL_MESSAGE);
      }
      // Past the owner's unfinished-upload limits (upload-store.ts admitUpload).
      if (error instanceof UploadRefused) {
        return tusError(error.statusCode, error.code, error.message);
      }
      if (isDatabaseUnavailable(error)) {
        app.log.error({ err: error }, 'upload refused: database unavailable');
        return tusError(503, 'unavailable', 'Something went wrong. Please try again.');
      }
      if (isTusError(error)) {
        if (error.body.startsWith('{')) return error;
        // Upload-Defer-Length (or a late Upload-Length): the store does not take unknown lengths.
        if (error.body === ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION.body) {
          return tusError(400, 'length_required', UPLOAD_LIMIT_MESSAGES.lengthRequired);
        }
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
    sweepUnfinishedUploads(context.config)
      .then(() => recoverFinishedUploads({ ...context, log: app.log }))
      .then((recovered) => {
        if (recovered > 0) worker.nudge();
      })
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
    // Hijacked: Fastify's headers are not sent, so the request id is set on the raw reply too.
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    await tusRequestId.run(request.id, () => tus.handle(request.raw, reply.raw));
  };
  const guard = { preHandler: allow.roles(AREA_ROLES.creator) };
  // Documentation only: tus reads and answers these requests itself (headers included), so
  // nothing here validates or serializes.
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    413: errorResponseSchema,
    415: errorResponseSchema,
    422: errorResponseSchema,
    429: errorResponseSchema,
    503: errorResponseSchema,
    507: errorResponseSchema,
  };
  const uploadParams = z.object({ id: z.string().describe('The id at the end of Location') });
  const doc = (schema: Record<string, unknown>) => ({
    ...guard,
    schema: { tags: ['uploads'], ...schema },
  });
  app.post(
    '/api/uploads',
    doc({
      summary: 'Start a resumable upload (tus 1.0 creation)',
      description: TUS_DESCRIPTION,
      response: {
        201: z.null().describe('Created: Location names the upload; send its bytes with PATCH'),
        ...errors,
      },
    }),
    handler,
  );
  app.patch(
    '/api/uploads/:id',
    doc({
      summary: 'Send bytes of an upload from Upload-Offset (tus 1.0 core)',
      description:
        "Content-Type: application/offset+octet-stream. To resume, HEAD /api/uploads/{id} answers Upload-Offset (the bytes the server has) and Upload-Length. 204 with the new Upload-Offset while bytes remain; when the last byte arrives the file is checked (type by content, size, duration ≤ 30 s; within 4K, 120 fps, and 4K's pixels at 60 fps a second) and the answer is 201 with the new video (processing), or the refusal with SPEC.md's message (422; 429 too_many_processing while the person has too many videos processing).",
      params: uploadParams,
      response: {
        201: z.object({ video: videoSchema }).describe('The upload is complete: the new video'),
        204: z.null().describe('Bytes stored; Upload-Offset says how many in all'),
        ...errors,
      },
    }),
    handler,
  );
  app.head(
    '/api/uploads/:id',
    doc({
      summary: 'How many bytes of an upload the server has (Upload-Offset), to resume',
      params: uploadParams,
      response: { 200: z.null().describe('Upload-Offset and Upload-Length'), ...errors },
    }),
    handler,
  );
  app.delete(
    '/api/uploads/:id',
    doc({
      summary: 'Cancel an unfinished upload; its bytes are deleted (tus termination)',
      params: uploadParams,
      response: { 204: z.null().describe('Cancelled'), ...errors },
    }),
    handler,
  );
};
