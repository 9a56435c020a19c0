/**
 * Where tus keeps uploads (DATA_DIR/uploads, never served) and the hourly care of what is left
 * there: an upload unfinished for a day is deleted, and a complete one whose process died before
 * registering its video (between the last byte and the transaction) gets its video now, or is
 * deleted if its file is refused. Each person may hold only a few unfinished uploads (issue 13).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  UPLOAD_IDLE_MINUTES,
  UPLOAD_LIMIT_MESSAGES,
  UPLOAD_MAX_UNFINISHED,
  UPLOAD_MAX_UNFINISHED_BYTES,
  type UploadMetadata,
  uploadMetadataSchema,
  VIDEO_MAX_BYTES,
} from '@adreel/domain';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/server';
import { sql } from 'drizzle-orm';
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
  constructor(
    private readonly folder: string,
    private readonly db?: Database,
  ) {
    super({ directory: folder, expirationPeriodInMilliseconds: UNFINISHED_TTL_MS });
    // The size is declared when an upload starts, or the upload is refused (upload.routes.ts says
    // so with a 400): an upload of unknown length would pass the free-space check and the
    // per-person byte cap unmeasured.
    this.extensions = this.extensions.filter((name) => name !== 'creation-defer-length');
  }

  /** With a database (the API's store): the new upload must fit its owner's limits. */
  override async create(upload: Upload): Promise<Upload> {
    const ownerId = upload.metadata?.ownerId;
    if (!this.db || !ownerId) return super.create(upload);
    return admitUpload(this.db, this, ownerId, upload, () => super.create(upload));
  }

  /** The owner's unfinished uploads, found by name (uploadIdFor), least recently written first. */
  async unfinishedOf(ownerId: string): Promise<UnfinishedUpload[]> {
    const prefix = ownerPrefix(ownerId);
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const found: UnfinishedUpload[] = [];
    for (const name of names) {
      if (!name.startsWith(prefix) || !name.endsWith('.json')) continue;
      const id = name.slice(0, -'.json'.length);
      try {
        const upload = await this.getUpload(id);
        if (metadataOf(upload).ownerId !== ownerId) continue;
        // Whole ones wait to become videos (or for the database): not unfinished.
        if (upload.size !== undefined && upload.offset === upload.size) continue;
        const { mtimeMs } = await stat(path.join(this.folder, id));
        found.push({ id, size: upload.size ?? VIDEO_MAX_BYTES, lastWriteMs: mtimeMs });
      } catch {
        // Gone meanwhile (finished, cancelled or swept).
      }
    }
    return found.sort((a, b) => a.lastWriteMs - b.lastWriteMs);
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

/**
 * The uploads' store. Given the database (the API's tus server), a new upload must fit its owner's
 * limits; without it (the sweeps) it only reads and deletes.
 */
export function createUploadStore(config: Pick<Config, 'dataDir'>, db?: Database): FileStore {
  return new UploadFileStore(path.resolve(config.dataDir, 'uploads'), db);
}

export interface UnfinishedUpload {
  id: string;
  /** The declared size: what the upload may come to take on the disk. */
  size: number;
  lastWriteMs: number;
}

const ownerPrefix = (ownerId: string) => ownerId.replaceAll('-', '').toLowerCase();

/**
 * An upload's id: its owner's id (32 hex digits) then 32 random ones, so the owner's uploads are
 * found by a directory listing, without reading every upload's metadata. (Hex only: the same
 * characters as tus's own ids. Their metadata's ownerId is still what decides.)
 */
export function uploadIdFor(ownerId: string): string {
  return `${ownerPrefix(ownerId)}${randomBytes(16).toString('hex')}`;
}

/** A new upload that would pass UPLOAD_MAX_UNFINISHED or UPLOAD_MAX_UNFINISHED_BYTES. */
export const tooManyUnfinishedUploads = () =>
  new UploadRefused(403, 'unfinished_uploads_limit', UPLOAD_LIMIT_MESSAGES.tooManyUnfinished);

/**
 * Creates `upload` (via `create`) only if its owner's unfinished uploads, with it, stay within
 * UPLOAD_MAX_UNFINISHED uploads and UPLOAD_MAX_UNFINISHED_BYTES declared bytes; else throws
 * tooManyUnfinishedUploads(). Uploads of the owner that received no byte for UPLOAD_IDLE_MINUTES
 * (abandoned: a browser that comes back starts anew) are deleted first, least recently written
 * first, as far as needed to make room: an abandoned upload so frees its place at once when its
 * owner needs it, instead of after the 24-hour sweep.
 *
 * Race-safe: the count and the creation happen under a PostgreSQL advisory lock on the owner held
 * by a transaction, so two creations by one person, in one process or several sharing the database
 * and DATA_DIR, take turns and the second counts the first: the cap is never passed, not even by one.
 */
export async function admitUpload(
  db: Database,
  store: Pick<UploadFileStore, 'unfinishedOf' | 'remove'>,
  ownerId: string,
  upload: Pick<Upload, 'size'>,
  create: () => Promise<Upload>,
  now = Date.now(),
): Promise<Upload> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`adreel.uploads-of:${ownerId}`}, 0))`,
    );
    const kept = await store.unfinishedOf(ownerId);
    const size = upload.size ?? VIDEO_MAX_BYTES;
    const fits = () =>
      kept.length + 1 <= UPLOAD_MAX_UNFINISHED &&
      kept.reduce((sum, u) => sum + u.size, size) <= UPLOAD_MAX_UNFINISHED_BYTES;
    const idleBefore = now - UPLOAD_IDLE_MINUTES * 60_000;
    while (!fits() && kept[0] && kept[0].lastWriteMs < idleBefore) {
      const idle = kept.shift();
      if (idle) await store.remove(idle.id).catch(() => undefined);
    }
    if (!fits()) throw tooManyUnfinishedUploads();
    return create();
  });
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
      // The creator's videos are still processing (decision 037): a whole upload is kept for a
      // later sweep rather than lost.
      if (error instanceof UploadRefused && error.code === 'too_many_processing') continue;
      if (error instanceof UploadRefused || error instanceof AppError) {
        await discard(id);
        continue;
      }
      deps.log.warn({ err: error, uploadId: id }, 'a finished upload could not be registered yet');
    }
  }
  return recovered;
}
