import { ApiError } from './api';

/**
 * The server's own message for a failure, where it sent one (`{error: {code, message}}`), else the
 * screen's fallback from SPEC.md §8. Network failures and bare HTTP errors get the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && !error.code.startsWith('http_')) {
    return error.message || fallback;
  }
  return fallback;
}

/**
 * The request id to show under a failure the user cannot act on (a 5xx, or an answer without the
 * server's own message, such as a proxy's error page), so they can quote it to support; null for
 * the failures whose message says what to do (4xx with a message) and when no answer came.
 */
export function errorReference(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.requestId) return null;
  if (error.status >= 500 || error.code.startsWith('http_')) return error.requestId;
  return null;
}
