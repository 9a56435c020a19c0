/**
 * The S3-compatible driver (AWS S3, MinIO, R2, …). Objects are written whole with PutObject, so a
 * reader never sees a partial one, and carry their content type and cache lifetime, so a bucket or
 * CDN serving them directly answers as /media/ does. Reads pass the client's byte range through.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import {
  type ByteRange,
  cacheControlOf,
  checkKey,
  checkPrefix,
  contentHash,
  contentTypeOf,
  etagOf,
  isValidKey,
  MEDIA_PREFIX,
  type MediaRead,
  renditionKey,
} from './keys';
import type { Storage } from './storage-driver';

type S3Config = Extract<Config['storage'], { driver: 's3' }>;

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function rangeHeader(range: ByteRange): string {
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

/** "bytes 0-99/2000" → its parts. */
function parseContentRange(value: string | undefined) {
  const match = value?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) };
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible servers do not understand the
    // SDK's default trailing checksums (aws-chunked bodies) and would store the framing.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(config: S3Config, client = createS3Client(config)): Storage {
  const Bucket = config.bucket;

  const putFile = async (key: string, sourcePath: string) => {
    const { size } = await stat(sourcePath);
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentTypeOf(key),
        CacheControl: cacheControlOf(key),
      }),
    );
  };

  const remove = async (key: string) => {
    // Deleting a missing object succeeds in S3: removal is idempotent.
    await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
  };

  return {
    driver: 's3',
    putFile,
    async putRendition(dir, sourcePath, ext) {
      const key = renditionKey(dir, await contentHash(sourcePath), ext);
      await putFile(key, sourcePath);
      return key;
    },
    remove,
    async removeAll(prefix) {
      const Prefix = `${checkPrefix(prefix)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }),
        );
        // One DeleteObject per key: a video has a handful, and not every S3-compatible server
        // implements the batch call.
        await Promise.all(
          (page.Contents ?? []).flatMap(({ Key }) =>
            Key ? [client.send(new DeleteObjectCommand({ Bucket, Key }))] : [],
          ),
        );
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async read(key, range): Promise<MediaRead> {
      if (!isValidKey(key)) return { kind: 'not_found' };
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: rangeHeader(range) } : {}),
          }),
        );
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body');
        const part = range ? parseContentRange(object.ContentRange) : null;
        const contentLength = object.ContentLength ?? 0;
        return {
          kind: 'found',
          body: object.Body,
          contentLength,
          totalSize: part?.total ?? contentLength,
          range: part ? { start: part.start, end: part.end } : null,
          contentType: contentTypeOf(key),
          cacheControl: cacheControlOf(key),
          etag: etagOf(key, object.ETag ?? `${contentLength.toString(16)}`),
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 403) return { kind: 'not_found' };
        if (status === 416) {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
          return { kind: 'unsatisfiable', totalSize: head.ContentLength ?? 0 };
        }
        throw error;
      }
    },
    publicUrl: (key) => `${MEDIA_PREFIX}${checkKey(key)}`,
  };
}
