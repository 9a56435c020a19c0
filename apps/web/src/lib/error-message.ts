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
