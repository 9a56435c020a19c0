/**
 * The one way the web app talks to the API: JSON in and out, the in-memory access token attached as a
 * bearer token, and errors of the shape `{ "error": { "code", "message", "requestId" } }` turned into
 * ApiError.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /**
     * The server's id of the request (error.requestId, else the x-request-id header), which its logs
     * carry: what a user quotes to support. Undefined when no answer came (network failure).
     */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** The header every answer of the server carries (platform/request-id.ts). */
const REQUEST_ID_HEADER = 'x-request-id';

// Held in memory only (DESIGN.md §3): the refresh token lives in an httpOnly cookie.
let accessToken: string | null = null;

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function getAccessToken(): string | null {
  return accessToken;
}

/**
 * Called when a request made with an access token is answered 401 (the token expired while the tab
 * slept, or the session was ended elsewhere). Resolves true once a different token is in place, and
 * the request is then sent once more. The session provider installs it.
 */
type UnauthorizedHandler = (staleToken: string) => Promise<boolean>;
let onUnauthorized: UnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  /** Extra request headers (the feed's X-Device-Id). */
  headers?: Record<string, string>;
  /** False for the session's own calls (refresh, sign-out), which must never wait on a refresh. */
  retryOnUnauthorized?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readError(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall back to the status below.
  }
  const error = isRecord(payload) ? payload.error : undefined;
  const requestId =
    (isRecord(error) && typeof error.requestId === 'string' && error.requestId) ||
    response.headers.get(REQUEST_ID_HEADER) ||
    undefined;
  if (isRecord(error) && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError(response.status, error.code, error.message, requestId);
  }
  return new ApiError(
    response.status,
    `http_${response.status}`,
    response.statusText || 'Request failed',
    requestId,
  );
}

async function send(path: string, request: ApiRequest, token: string | null): Promise<Response> {
  const headers = new Headers({ ...request.headers, Accept: 'application/json' });
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: request.credentials ?? 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'Network error');
  }
}

export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const token = accessToken;
  let response = await send(path, request, token);
  if (
    response.status === 401 &&
    token &&
    onUnauthorized &&
    request.retryOnUnauthorized !== false &&
    (await onUnauthorized(token))
  ) {
    response = await send(path, request, accessToken);
  }

  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
