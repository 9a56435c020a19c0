/**
 * What the server answers when the caller's session or account no longer holds (docs/product.md §8 wording
 * style), shared by every module that checks it.
 */
export const SESSION_MESSAGES = {
  /** 401: no valid access token (the default of the server's `unauthorized`). */
  signInToContinue: 'Please sign in to continue',
  /** 401 session_ended: the session was ended (signed out elsewhere, a password change, a proof of ownership). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  /** 401: the access or refresh token has expired or was revoked. */
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** 404: the signed-in user's own account is gone (deleted meanwhile). */
  accountNotFound: 'Your account could not be found',
} as const;

/** What the server answers about a malformed request. */
export const REQUEST_MESSAGES = {
  /** 404 of anything the caller may not see or that does not exist, when nothing more is said. */
  notFound: 'Not found',
  invalidJson: 'Request body is not valid JSON',
  invalidVideoId: 'Invalid video ID',
  invalidDeviceId: 'Invalid device ID',
  videoNotFound: 'Video not found',
} as const;
