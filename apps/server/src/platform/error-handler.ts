import { FALLBACK_VALIDATION_MESSAGE, firstIssueMessage, REQUEST_MESSAGES } from '@adreel/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable, isTransientConflict, isUnstorableText } from './db-errors';
import { AppError, errorBody as plainErrorBody, RetryLaterError } from './errors';
import { RateLimitedError } from './rate-limit';
import { REQUEST_ID_HEADER, withRequestId } from './request-id';

const INVALID_TEXT_MESSAGE = 'Text must not contain NUL characters.';
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';
/** Seconds a client should wait before trying again while the database is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own client errors (bad JSON, wrong content type, body too large…) keep their status. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: REQUEST_MESSAGES.invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

/** Fastify's errors and http-errors (thrown by plugins such as @fastify/static) carry a status. */
function clientStatusOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as Partial<FastifyError>).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

const STATUS_MESSAGES: Record<number, string> = {
  403: 'Forbidden',
  404: REQUEST_MESSAGES.notFound,
  405: 'Method not allowed',
  413: 'Request body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests. Please wait a moment and try again.',
};

/**
 * One error handler for the whole app: every error leaves as `{ error: { code, message, requestId } }`.
 * Validation failures answer 400 with the first schema message (SPEC.md §5), else 'Invalid input'.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // Every error body names its request (platform/request-id.ts), for a user to quote.
    const errorBody = (code: string, message: string) =>
      withRequestId(plainErrorBody(code, message), request.id);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation[0]?.message || FALLBACK_VALIDATION_MESSAGE;
      return reply.code(400).send(errorBody('validation_failed', message));
    }
    // A schema parsed inside a handler (a body whose shape depends on a query) fails the same way.
    if (error instanceof ZodError) {
      return reply.code(400).send(errorBody('validation_failed', firstIssueMessage(error)));
    }
    if (error instanceof RateLimitedError || error instanceof RetryLaterError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    const status = clientStatusOf(error);
    if (status !== undefined) {
      const fastifyCode = (error as Partial<FastifyError>).code;
      const message =
        (fastifyCode && CLIENT_ERROR_MESSAGES[fastifyCode]) ??
        STATUS_MESSAGES[status] ??
        'Bad request';
      const code = typeof fastifyCode === 'string' ? fastifyCode.toLowerCase() : `http_${status}`;
      return reply.code(status).send(errorBody(code, message));
    }
    // A NUL character in some text: PostgreSQL refuses it, and so do we, as bad input.
    if (isUnstorableText(error)) {
      return reply.code(400).send(errorBody('invalid_text', INVALID_TEXT_MESSAGE));
    }
    // The database is restarting or out of reach: not a bug, and over soon (a 503, not a 500).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.code(503).send(errorBody('service_unavailable', UNAVAILABLE_MESSAGE));
    }
    // Concurrent writers that still collided after the service's own retries: try again shortly.
    if (isTransientConflict(error)) {
      request.log.warn({ err: error }, 'transient database conflict');
      reply.header('retry-after', '1');
      return reply.code(503).send(errorBody('busy', BUSY_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('internal_error', INTERNAL_MESSAGE));
  });
}

/**
 * Fastify's `frameworkErrors`: errors raised before a route is found, such as a path with broken
 * percent-encoding (FST_ERR_BAD_URL), leave in the same `{ error: { code, message } }` shape.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = clientStatusOf(error) ?? 400;
  const code = typeof error.code === 'string' ? error.code.toLowerCase() : `http_${status}`;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'This address is not valid.'
      : (STATUS_MESSAGES[status] ?? 'Bad request');
  // Before routing: no onRequest hook has run, so the request id is set here.
  void reply
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .send(withRequestId(plainErrorBody(code, message), request.id));
}
