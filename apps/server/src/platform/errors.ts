/**
 * Errors that are meant for the client. Anything else that reaches the error handler is a bug and
 * leaves as a generic 500 (DESIGN.md §4: no stack trace or SQL ever reaches a client).
 */
import { REQUEST_MESSAGES, SESSION_MESSAGES } from '@adreel/domain';

export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** An error the client may try again after a while (429, 503): its answer carries Retry-After. */
export class RetryLaterError extends AppError {
  constructor(
    statusCode: number,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, code, message);
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (
  message: string = SESSION_MESSAGES.signInToContinue,
  code = 'unauthorized',
) => new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do that', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message: string = REQUEST_MESSAGES.notFound, code = 'not_found') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

/** The one shape every error leaves the server in. */
export interface ErrorBody {
  error: { code: string; message: string };
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}
