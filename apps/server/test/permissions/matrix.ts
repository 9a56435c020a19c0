/**
 * The permission matrix (issue 8 item 1): every route the server registers, against every actor,
 * with what that actor must get. matrix.test.ts walks it against the real app and database, and
 * fails when the app has a route this table lacks, or this table names a route the app lacks.
 *
 * A route is named as Fastify registers it: `METHOD url`, the url with its prefix and `:params`.
 * The HEAD route Fastify adds beside every GET is the GET's row (same hooks, same handler).
 *
 * Rows owned by someone ("creator A's upload", "brand A's submission") are always A's: B, and
 * anyone else without a claim on them, must be refused and leave the row as it was.
 */

export const ACTORS = [
  'signedOut',
  'viewer',
  'creatorA',
  'creatorB',
  'brandA',
  'brandB',
  'admin',
  /**
   * The same admin account as `admin` (which signed in with its TOTP code: aal2), after only the
   * password step of a new sign-in: all it holds is the sign-in ticket of /api/auth/signin's `mfa`
   * answer. It sends the ticket where the second step takes one (the `ticket` field of
   * /api/auth/mfa/*) and, everywhere else, as a bearer token, which is what it would try.
   */
  'adminMfaPending',
  /**
   * The same admin account again, in a session it opened with its password before it enrolled the
   * factor: still aal1 (decision 008). What it may do as anyone signed in, it may; what it may do
   * only as an admin (the admin tools, and the creator and brand areas it enters as an admin)
   * answers 403 aal2_required, as does changing second factors.
   */
  'adminAal1',
  /**
   * A creator by invite code whose address is not proven: signed up, never opened the mailed link,
   * signed in with the password (decision 022). Whoever signed up with an address may look after
   * that sign-in and nothing more: public routes as anyone, the routes of UNPROVEN_ROUTES as any
   * signed-in user, and everything else that needs a caller 403 email_not_verified.
   */
  'unproven',
] as const;
export type Actor = (typeof ACTORS)[number];

/** What an actor gets from a route. */
export type Outcome =
  /** Let in: a 2xx, or a 3xx for the routes that redirect. */
  | 'allow'
  /** Refused as unauthenticated, forbidden, or "not found" for a row that is not theirs. */
  | 401
  | 403
  | 404
  /**
   * Let in, then refused by the route's own rule (never a permission check): the status and the
   * error code it answers. Used only where no request could pass that rule for this actor.
   */
  | { rule: number; code: string };

export interface MatrixRow {
  route: string;
  /** Who may, in a few words, and why a refusal has the status it has. */
  why: string;
  outcomes: Record<Actor, Outcome>;
}

type Others = Omit<Record<Actor, Outcome>, 'adminMfaPending' | 'adminAal1' | 'unproven'>;

/**
 * The routes an unproven session may use (route option `unproven: 'allowed'`): its own sign-in
 * (sessions, password, a new link) and its own data (profile, export, deletion, digest choice, the
 * list of factors and identities, which it cannot add to).
 */
export const UNPROVEN_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/auth/verify-email/resend',
  'GET /api/account/sessions',
  'DELETE /api/account/sessions/:id',
  'POST /api/account/password',
  'GET /api/account/digest',
  'PUT /api/account/digest',
  'GET /api/account/export',
  'POST /api/account/delete',
  'GET /api/user/identities',
  'GET /api/factors',
  'GET /api/profiles/me',
  'GET /api/me/reports',
]);

/** An unproven session on a route it may not use yet: 403 email_not_verified (matrix.test checks). */
const UNPROVEN_REFUSED: Outcome = 403;

/**
 * What the unproven creator gets: what any creator but A gets on a public route (one a signed-out
 * caller may reach) and on UNPROVEN_ROUTES; else 403, before any row is looked at.
 */
function unprovenOutcome(route: string, others: Others): Outcome {
  if (others.signedOut !== 401 || UNPROVEN_ROUTES.has(route)) return others.creatorB;
  // The second step of sign-in takes a ticket, which no access token is.
  if (others.creatorB === 401) return 401;
  return UNPROVEN_REFUSED;
}

/**
 * The ticket is not an access token: as a bearer token it fails verification, and the server
 * answers 401 (invalid_token) on every route, public ones included, so the client knows to sign in.
 */
const TICKET_AS_BEARER: Outcome = 401;

/**
 * A row: `others` for the first seven actors; the pending admin gets `pending`; the aal1 admin
 * session gets `aal1` if given, else 403 where it would get in only as an admin, else what the
 * admin gets.
 */
function row(
  route: string,
  why: string,
  others: Others,
  pending: Outcome = TICKET_AS_BEARER,
  aal1?: Outcome,
): MatrixRow {
  return {
    route,
    why,
    outcomes: {
      ...others,
      adminMfaPending: pending,
      adminAal1: aal1 ?? (ONLY_AS_ADMIN.has(others) ? AAL2_REQUIRED : others.admin),
      unproven: unprovenOutcome(route, others),
    },
  };
}
/**
 * On an account with a verified second factor, changing factors and using what only an admin may
 * use take an aal2 session (decision 008; authenticate.ts allow.roles).
 */
const AAL2_REQUIRED: Outcome = 403;

const ANYONE: Others = {
  signedOut: 'allow',
  viewer: 'allow',
  creatorA: 'allow',
  creatorB: 'allow',
  brandA: 'allow',
  brandB: 'allow',
  admin: 'allow',
};
const SIGNED_IN: Others = { ...ANYONE, signedOut: 401 };
/** SPEC.md §6: creator routes allow creator and admin. */
const CREATOR_OR_ADMIN: Others = { ...SIGNED_IN, viewer: 403, brandA: 403, brandB: 403 };
/** SPEC.md §6: the brand dashboard allows brand and admin. */
const BRAND_OR_ADMIN: Others = { ...SIGNED_IN, viewer: 403, creatorA: 403, creatorB: 403 };
/** SPEC.md §6: admin routes allow admin only. */
const ADMIN_ONLY: Others = { ...BRAND_OR_ADMIN, brandA: 403, brandB: 403 };
/**
 * Brand A's campaign, submission or transaction: brand B gets "not found" (campaigns.policy.ts: ids
 * of another brand cannot be probed); admins reach every brand's rows (SPEC.md §6, brand dashboard).
 */
const BRAND_A_ROW: Others = { ...BRAND_OR_ADMIN, brandB: 404 };
/** Creator A's unfinished upload: visible to its owner only, admins included (upload.routes.ts). */
const CREATOR_A_UPLOAD: Others = { ...CREATOR_OR_ADMIN, creatorB: 404, admin: 404 };
/** The rows an admin enters only as an admin: the role guard asks it for aal2 first. */
const ONLY_AS_ADMIN = new Set([
  CREATOR_OR_ADMIN,
  BRAND_OR_ADMIN,
  ADMIN_ONLY,
  BRAND_A_ROW,
  CREATOR_A_UPLOAD,
]);
/** Creator A's own session, factor or linked identity: nobody else's to learn of, admins included. */
const CREATOR_A_ACCOUNT_ROW: Others = {
  signedOut: 401,
  viewer: 404,
  creatorA: 'allow',
  creatorB: 404,
  brandA: 404,
  brandB: 404,
  admin: 404,
};
/**
 * The second step of sign-in: only the ticket opens it. The others send what they hold instead
 * (their access token, or nothing) in the ticket field, and get 401 invalid_ticket.
 */
const TICKET_ONLY: Others = {
  signedOut: 401,
  viewer: 401,
  creatorA: 401,
  creatorB: 401,
  brandA: 401,
  brandB: 401,
  admin: 401,
};

export const MATRIX: readonly MatrixRow[] = [
  // The web app, media, health, keys and API docs.
  row('GET /', 'the web app: public', ANYONE),
  row('GET /*', "the web app's files and its fallback for client routes: public", ANYONE),
  row('GET /media/*', 'processed videos and posters: public (originals are never served)', ANYONE),
  row('GET /healthz', 'liveness: public', ANYONE),
  row('GET /readyz', 'readiness: public', ANYONE),
  row(
    'GET /metrics',
    "Prometheus metrics: public unless METRICS_TOKEN or METRICS_PORT is set (decision 031); outside sign-in, so a bearer that is not an access token (a scraper's METRICS_TOKEN) is not refused",
    ANYONE,
    'allow',
  ),
  row('GET /.well-known/jwks.json', 'public keys of the access tokens: public', ANYONE),
  row('GET /api/docs', 'API docs: public', ANYONE),
  row('GET /api/docs/json', 'OpenAPI document: public', ANYONE),
  row('GET /api/docs/yaml', 'OpenAPI document: public', ANYONE),
  row('GET /api/docs/static/index.html', 'API docs page: public', ANYONE),
  row('GET /api/docs/static/swagger-initializer.js', 'API docs script: public', ANYONE),
  row('GET /api/docs/static/*', 'API docs assets: public', ANYONE),

  // Joining the beta.
  row('POST /api/access-requests', 'asking to join: public', ANYONE),
  row('GET /api/beta/progress', 'beta counter: public', ANYONE),
  row('GET /api/beta/progress/stream', 'beta counter, live: public', ANYONE),

  // Accounts: sign-up, sign-in and its second step, mailed links.
  row('POST /api/auth/signup', 'sign-up behind the invite or whitelist gate: public', ANYONE),
  row('POST /api/auth/signin', 'password sign-in: public', ANYONE),
  row('POST /api/auth/token', 'refresh (the refresh token is the credential): public', ANYONE),
  row('POST /api/auth/signout', 'sign-out: public, ends what it is given', ANYONE),
  row('POST /api/auth/verify-email', 'the mailed token is the credential: public', ANYONE),
  row('POST /api/auth/verify-email/resend', 'mail a new link to yourself: signed in', SIGNED_IN),
  row('POST /api/auth/recover', 'mail a reset link: public', ANYONE),
  row('POST /api/auth/reset-password', 'the mailed token is the credential: public', ANYONE),
  row('POST /api/auth/mfa/verify', 'second step, TOTP: the ticket only', TICKET_ONLY, 'allow'),
  row(
    'POST /api/auth/mfa/phone/challenge',
    'second step, phone: the ticket only',
    TICKET_ONLY,
    'allow',
  ),
  row(
    'POST /api/auth/mfa/webauthn/options',
    'second step, passkey: the ticket only (this admin has no passkey, which is its own rule)',
    TICKET_ONLY,
    { rule: 400, code: 'no_webauthn_factor' },
  ),
  row(
    'POST /api/auth/mfa/webauthn/verify',
    'second step, passkey: the ticket only (no authenticator here signs, so the assertion fails)',
    TICKET_ONLY,
    { rule: 400, code: 'challenge_expired' },
  ),
  row('POST /api/auth/passkey/options', 'passkey sign-in starts: public', ANYONE),
  row(
    'POST /api/auth/passkey/verify',
    'passkey sign-in: public; the assertion is the credential (none of these callers holds a passkey)',
    {
      signedOut: { rule: 401, code: 'passkey_unknown' },
      viewer: { rule: 401, code: 'passkey_unknown' },
      creatorA: { rule: 401, code: 'passkey_unknown' },
      creatorB: { rule: 401, code: 'passkey_unknown' },
      brandA: { rule: 401, code: 'passkey_unknown' },
      brandB: { rule: 401, code: 'passkey_unknown' },
      admin: { rule: 401, code: 'passkey_unknown' },
    },
  ),
  row('GET /api/auth/providers', 'identity providers: public', ANYONE),
  row('GET /api/authorize', 'start an identity-provider sign-in: public (redirects)', ANYONE),
  row('GET /api/auth/callback', "the provider's answer: public (redirects)", ANYONE),

  // The caller's own account.
  row('GET /api/account/sessions', 'your sessions: signed in', SIGNED_IN),
  row(
    'DELETE /api/account/sessions/:id',
    "creator A's session: only A may end it",
    CREATOR_A_ACCOUNT_ROW,
  ),
  row('POST /api/account/password', 'change your password: signed in', SIGNED_IN),
  row('POST /api/account/password/first', 'first password: signed in', SIGNED_IN),
  row('GET /api/account/digest', 'your digest preference: signed in', SIGNED_IN),
  row('PUT /api/account/digest', 'your digest preference: signed in', SIGNED_IN),
  row(
    'GET /api/account/export',
    'your data: signed in; aal2 once a factor is verified',
    SIGNED_IN,
    TICKET_AS_BEARER,
    AAL2_REQUIRED,
  ),
  row(
    'POST /api/account/delete',
    'delete your account: signed in; aal2 once a factor is verified',
    SIGNED_IN,
    TICKET_AS_BEARER,
    AAL2_REQUIRED,
  ),
  row('GET /api/user/identities', 'your sign-in methods: signed in', SIGNED_IN),
  row(
    'DELETE /api/user/identities/:identityId',
    "creator A's linked identity: only A may unlink it (an aal1 session is stopped sooner)",
    CREATOR_A_ACCOUNT_ROW,
    TICKET_AS_BEARER,
    AAL2_REQUIRED,
  ),
  row(
    'POST /api/user/identities/link',
    'link a provider to your account: signed in; aal2 once a factor is verified',
    SIGNED_IN,
    TICKET_AS_BEARER,
    AAL2_REQUIRED,
  ),
  row('GET /api/factors', 'your second factors: signed in', SIGNED_IN),
  row(
    'POST /api/factors',
    'enrol a factor: signed in; aal2 once a factor is verified',
    SIGNED_IN,
    TICKET_AS_BEARER,
    AAL2_REQUIRED,
  ),
  row(
    'POST /api/factors/recovery-codes',
    'new recovery codes: an aal2 session with a factor',
    {
      ...SIGNED_IN,
      viewer: { rule: 400, code: 'no_verified_factor' },
      creatorA: { rule: 400, code: 'no_verified_factor' },
      creatorB: { rule: 400, code: 'no_verified_factor' },
      brandA: { rule: 400, code: 'no_verified_factor' },
      brandB: { rule: 400, code: 'no_verified_factor' },
    },
    TICKET_AS_BEARER,
    AAL2_REQUIRED,
  ),
  row(
    'POST /api/factors/:id/challenge',
    "creator A's factor: only A may challenge it",
    CREATOR_A_ACCOUNT_ROW,
  ),
  row(
    'POST /api/factors/:id/verify',
    "creator A's factor: only A may verify it",
    CREATOR_A_ACCOUNT_ROW,
  ),
  row('DELETE /api/factors/:id', "creator A's factor: only A may remove it", CREATOR_A_ACCOUNT_ROW),
  row('GET /api/digest/unsubscribe', 'the signed link is the credential: public', ANYONE),
  row('POST /api/digest/unsubscribe', 'the signed link is the credential: public', ANYONE),
  row('GET /api/profiles/me', 'your profile: signed in', SIGNED_IN),
  row('GET /api/profiles/:id', "a creator's public profile: public", ANYONE),

  // Feed, engagement, metrics, leaderboards, briefs.
  row('GET /api/feed', 'the feed: public (SPEC.md §6)', ANYONE),
  row('GET /api/feed/impressions', "impression tokens for the feed's videos: public", ANYONE),
  row('PUT /api/videos/:id/like', 'like: signed in', SIGNED_IN),
  row('DELETE /api/videos/:id/like', 'unlike: signed in', SIGNED_IN),
  row(
    'POST /api/videos/:id/shares',
    'a share is logged only when signed in (SPEC.md §6)',
    SIGNED_IN,
  ),
  row('POST /api/videos/:id/reports', 'reporting needs sign-in (SPEC.md §6)', SIGNED_IN),
  row('GET /api/me/reports', 'your reports: signed in', SIGNED_IN),
  row('POST /api/metrics', 'watch metrics: public (a device id when signed out)', ANYONE),
  row('GET /api/leaderboard/videos', 'Top Videos: public', ANYONE),
  row('GET /api/leaderboard/creators', 'Top Creators: public', ANYONE),
  row('GET /api/campaigns', 'open briefs: public', ANYONE),

  // The creator area.
  row('GET /api/creator/videos', 'own videos: creator or admin', CREATOR_OR_ADMIN),
  row('GET /api/creator/stats', 'own dashboard tiles: creator or admin', CREATOR_OR_ADMIN),
  row('GET /api/creator/earnings', 'own transactions: creator or admin', CREATOR_OR_ADMIN),
  row('GET /api/creator/submissions', 'own campaign entries: creator or admin', CREATOR_OR_ADMIN),
  row('GET /api/campaigns/open', "Upload's campaign picker: creator or admin", CREATOR_OR_ADMIN),
  row('POST /api/uploads', 'start an upload: creator or admin', CREATOR_OR_ADMIN),
  row('PATCH /api/uploads/:id', "creator A's upload: its owner only", CREATOR_A_UPLOAD),
  row('HEAD /api/uploads/:id', "creator A's upload: its owner only", CREATOR_A_UPLOAD),
  row('DELETE /api/uploads/:id', "creator A's upload: its owner only", CREATOR_A_UPLOAD),

  // The brand dashboard.
  row('POST /api/brand/campaigns', 'create a campaign: brand or admin', BRAND_OR_ADMIN),
  row('GET /api/brand/campaigns', 'own campaigns (all for admins): brand or admin', BRAND_OR_ADMIN),
  row('POST /api/brand/campaigns/:id/close', "brand A's campaign", BRAND_A_ROW),
  row('POST /api/brand/campaigns/:id/reopen', "brand A's campaign", BRAND_A_ROW),
  row('GET /api/brand/submissions', 'submissions to own campaigns: brand or admin', BRAND_OR_ADMIN),
  row('POST /api/brand/submissions/:id/approve', "a submission to brand A's campaign", BRAND_A_ROW),
  row('POST /api/brand/submissions/:id/reject', "a submission to brand A's campaign", BRAND_A_ROW),
  row('GET /api/brand/transactions', "own campaigns' payments: brand or admin", BRAND_OR_ADMIN),
  row('POST /api/brand/transactions/:id/mark-paid', "a payment on brand A's campaign", BRAND_A_ROW),
  row('GET /api/brand/performance', 'own campaigns performance: brand or admin', BRAND_OR_ADMIN),
  row('GET /api/analytics/brand', 'own campaigns’ video analytics: brand or admin', BRAND_OR_ADMIN),
  row('GET /api/analytics/creator', 'own videos’ analytics: creator or admin', CREATOR_OR_ADMIN),
  row(
    'GET /api/analytics/videos/:videoId',
    "a video approved into brand A's campaign",
    BRAND_A_ROW,
  ),
  row('GET /api/analytics/stream', 'own videos’ analytics, live: brand or admin', BRAND_OR_ADMIN),

  // The admin area.
  row('GET /api/admin/invites', 'admin only', ADMIN_ONLY),
  row('POST /api/admin/invites', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/whitelist', 'admin only', ADMIN_ONLY),
  row('POST /api/admin/whitelist', 'admin only', ADMIN_ONLY),
  row('DELETE /api/admin/whitelist/:id', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/access-requests', 'admin only', ADMIN_ONLY),
  row('POST /api/admin/access-requests/:id/decline', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/outbox', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/jobs', 'admin only', ADMIN_ONLY),
  row(
    'POST /api/admin/jobs/:id/retry',
    "admin only (creator A's failed processing job)",
    ADMIN_ONLY,
  ),
  row('POST /api/admin/digest/test', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/counts', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/counts/stream', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/audit', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/audit/facets', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/videos', 'admin only', ADMIN_ONLY),
  row('POST /api/admin/videos/:id/approve', "admin only (creator A's pending video)", ADMIN_ONLY),
  row('POST /api/admin/videos/:id/reject', "admin only (creator A's pending video)", ADMIN_ONLY),
  row('POST /api/admin/videos/:id/feature', "admin only (creator A's approved video)", ADMIN_ONLY),
  row('POST /api/admin/scores/recompute', 'admin only', ADMIN_ONLY),
  row('GET /api/admin/reports', 'admin only', ADMIN_ONLY),
  row('POST /api/admin/reports/:id/dismiss', 'admin only', ADMIN_ONLY),
  row('POST /api/admin/reports/:id/remove-video', 'admin only', ADMIN_ONLY),
];
