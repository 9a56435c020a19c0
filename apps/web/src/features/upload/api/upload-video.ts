import { UPLOAD_MESSAGES, type UploadMetadata, type Video } from '@adreel/domain';
import {
  type DetailedError,
  defaultOptions,
  type HttpResponse,
  type PreviousUpload,
  Upload,
} from 'tus-js-client';
import { getAccessToken } from '@/lib/api';

export const UPLOAD_ENDPOINT = '/api/uploads';

/** Small enough that a dropped connection loses little, large enough to keep requests few. */
const CHUNK_BYTES = 5 * 1024 * 1024;

export type UploadFields = Omit<UploadMetadata, 'filename' | 'filetype'>;

export interface UploadCallbacks {
  onProgress: (sent: number, total: number) => void;
  onSuccess: (video: Video | null) => void;
  /** The server's message when it refused the file (a check failed), else SPEC.md §8's fallback. */
  onError: (message: string) => void;
}

function parseBody(response: HttpResponse | null | undefined): unknown {
  if (!response) return null;
  try {
    return JSON.parse(response.getBody());
  } catch {
    return null;
  }
}

/** What to tell the creator when the upload failed: a 4xx's own message, else the fallback. */
export function uploadErrorMessage(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  const body = parseBody(response) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  if (typeof message === 'string' && message && (isClientError(status) || status === NO_ROOM))
    return message;
  return UPLOAD_MESSAGES.failed;
}

/** 507: the server has no room for the video now; it says so, and trying again at once won't help. */
const NO_ROOM = 507;
const isClientError = (status: number) => status >= 400 && status < 500;

function toMetadata(file: File, fields: UploadFields): Record<string, string> {
  const metadata: Record<string, string> = {
    filename: file.name,
    filetype: file.type,
    title: fields.title,
  };
  for (const key of ['caption', 'campaignId', 'ctaText', 'ctaUrl'] as const) {
    const value = fields[key];
    if (value) metadata[key] = value;
  }
  return metadata;
}

/**
 * A tus upload (DESIGN.md §3) of `file` to /api/uploads. Its fingerprint is kept in localStorage
 * until it succeeds, so an interrupted upload, even across a reload, can resume where it stopped.
 */
export function createVideoUpload(file: File, fields: UploadFields, callbacks: UploadCallbacks) {
  return new Upload(file, {
    endpoint: UPLOAD_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    // A dropped connection or a passing server fault is retried; a full disk is told at once.
    // (tus-js-client's own rule otherwise: retry unless a 4xx other than 409 and 423.)
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      if (status === NO_ROOM) return false;
      return !isClientError(status) || status === 409 || status === 423;
    },
    metadata: toMetadata(file, fields),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // Access tokens rotate every 15 minutes: each request carries the one current at that moment.
    onBeforeRequest: (request) => {
      const token = getAccessToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onProgress: callbacks.onProgress,
    onSuccess: ({ lastResponse }) => {
      const body = parseBody(lastResponse) as { video?: Video } | null;
      callbacks.onSuccess(body?.video ?? null);
    },
    onError: (error) => callbacks.onError(uploadErrorMessage(error)),
  });
}

export type VideoUpload = ReturnType<typeof createVideoUpload>;

/** The unfinished upload of this same file, if one was started earlier (on this device). */
export async function findUnfinishedUpload(upload: VideoUpload): Promise<PreviousUpload | null> {
  try {
    const previous = await upload.findPreviousUploads();
    return previous.find((p) => p.uploadUrl) ?? null;
  } catch {
    return null;
  }
}

/** "Start over": the server drops the partial file and this device forgets it. */
export async function discardUnfinishedUpload(previous: PreviousUpload): Promise<void> {
  const token = getAccessToken();
  if (previous.uploadUrl) {
    await Upload.terminate(previous.uploadUrl, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    }).catch(() => {
      // Already gone on the server (expired or finished): forgetting it here is all that is left.
    });
  }
  await defaultOptions.urlStorage.removeUpload(previous.urlStorageKey).catch(() => {});
}

/** After the server refused the file: nothing of it is kept there, so nothing is left to resume. */
export async function forgetUnfinishedUploads(upload: VideoUpload): Promise<void> {
  const previous = await upload.findPreviousUploads().catch(() => []);
  await Promise.all(
    previous.map((p) => defaultOptions.urlStorage.removeUpload(p.urlStorageKey).catch(() => {})),
  );
}

export type { PreviousUpload };
