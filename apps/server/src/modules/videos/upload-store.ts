/**
 * Where tus keeps uploads (DATA_DIR/uploads, never served) and the hourly care of what is left
 * there: an upload unfinished for a day is deleted, and a complete one whose process died before
 * registering its video (between the last byte and the transaction) gets its video now, or is
 * deleted if its file is refused.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type UploadMetadata, uploadMetadataSchema } from '@adreel/domain';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/server';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { createUploadedVideo, UploadAlreadyRegistered, UploadRefused } from './upload.service';

const UNFINISHED_TTL_MS = 24 * 60 * 60_000;
/** A complete upload this old has had far more time than its finishing request needs. */
const ORPHAN_AFTER_MS = 10 * 60_000;

/** A write refused for want of room: the disk (ENOSPC) or the user's quota (EDQUOT) is full. */
export function isDiskFull(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && (current.code === 'ENOSPC' || current.code === 'EDQUOT')) return true;
  }
  return false;
}

/**
 * tus's FileStore, except that a full disk is told apart: FileStore turns every failed write into
 * one generic error, so the bytes are written here as it writes them and ENOSPC/EDQUOT is thrown
 * as it is (upload.routes.ts then answers 507 and drops the upload).
 */
class UploadFileStore extends FileStore {
  constructor(private readonly folder: string) {
    super({ directory: folder, expirationPeriodInMilliseconds: UNFINISHED_TTL_MS });
  }

  override async write(readable: Readable, fileId: string, offset: number): Promise<number> {
    const file = path.join(this.folder, fileId);
    if (path.dirname(file) !== path.resolve(this.folder)) throw ERRORS.FILE_NOT_FOUND;
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, createWriteStream(file, { flags: 'r+', start: offset }));
    } catch (error) {
      if (isDiskFull(error)) throw error;
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + received;
  }
}

export function createUploadStore(config: Pick<Config, 'dataDir'>): FileStore {
  return new UploadFileStore(path.resolve(config.dataDir, 'uploads'));
}

/** Deletes uploads left unfinished for a day (bytes and metadata); returns how many. */
export function sweepUnfinishedUploads(config: Pick<Config, 'dataDir'>): Promise<number> {
  return createUploadStore(config).deleteExpired();
}

/** tus metadata values are strings or null; empty ones count as absent. */
export function metadataOf(upload: Pick<Upload, 'metadata'>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(upload.metadata ?? {})) {
    if (typeof value === 'string' && value !== '') result[key] = value;
  }
  return result;
}

export function safeParseMetadata(
  upload: Pick<Upload, 'metadata'>,
): z.ZodSafeParseResult<UploadMetadata> {
  const { ownerId: _ownerId, ...fields } = metadataOf(upload);
  return uploadMetadataSchema.safeParse(fields);
}

export interface RecoveryDeps {
  config: Pick<Config, 'dataDir'>;
  db: Database;
  log: { warn(object: object, message: string): void };
}

/**
 * Registers complete uploads that have no video (their process died after the last byte), as the
 * finishing request would have; deletes those whose file or metadata is refused. Returns how many
 * videos it made. Safe beside other processes doing the same: createUploadedVideo makes one video
 * per upload.
 */
export async function recoverFinishedUploads(
  deps: RecoveryDeps,
  now = Date.now(),
): Promise<number> {
  const store = createUploadStore(deps.config);
  const directory = path.join(deps.config.dataDir, 'uploads');
  let recovered = 0;
  // Another process may be deleting it too.
  const discard = (id: string) => store.remove(id).catch(() => undefined);
  for (const id of (await store.configstore.list?.()) ?? []) {
    let upload: Upload;
    let lastWrite: number;
    try {
      upload = await store.getUpload(id);
      lastWrite = (await stat(path.join(directory, id))).mtimeMs;
    } catch {
      continue; // Gone meanwhile, or metadata without bytes: the unfinished sweep's business.
    }
    if (upload.size === undefined || upload.offset !== upload.size) continue;
    if (now - lastWrite < ORPHAN_AFTER_MS) continue;
    const ownerId = metadataOf(upload).ownerId;
    const metadata = safeParseMetadata(upload);
    if (!ownerId || !metadata.success) {
      await discard(id);
      continue;
    }
    try {
      await createUploadedVideo(deps.db, {
        file: path.join(directory, id),
        uploadId: id,
        creatorId: ownerId,
        metadata: metadata.data,
      });
      recovered += 1;
    } catch (error) {
      if (error instanceof UploadAlreadyRegistered) continue; // its job deletes the file
      if (error instanceof UploadRefused || error instanceof AppError) {
        await discard(id);
        continue;
      }
      deps.log.warn({ err: error, uploadId: id }, 'a finished upload could not be registered yet');
    }
  }
  return recovered;
}
