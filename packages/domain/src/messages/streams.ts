/**
 * What the server answers when a live update (a server-sent event stream) cannot be opened because
 * too many are open already (decision 038). The web app waits as Retry-After says
 * and tries again by itself, so these are read mostly by whoever calls the API directly.
 */
export const STREAM_MESSAGES = {
  /** 429 too_many_streams: the caller's address already holds its share of live updates. */
  tooManyFromAddress:
    'Too many live updates are open from your network. Close some tabs, or try again in a moment.',
  /** 429 too_many_streams: the signed-in account already holds its share, from wherever. */
  tooManyForAccount:
    'Too many live updates are open for your account. Close some tabs, or try again in a moment.',
  /** 503 streams_full: this server holds all the live updates it can. */
  serverFull: 'Live updates are busy right now. The page will try again in a moment.',
} as const;
