/**
 * One request per matrix row, as the actor would send it, with a body that passes validation so a
 * 400 never hides a missing check. Rows a request aims at are made fresh for each request, owned as
 * the matrix says (creator A's, brand A's), so an allowed request succeeds on its own merits and a
 * refused one can be shown to leave its row as it was.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  accessRequests,
  campaigns,
  emailTokens,
  identities,
  mfaFactors,
  reports,
  sessions,
  submissions,
  transactions,
  videos,
  whitelist,
} from '../../src/db/schema';
import { hashSecret, newSecret } from '../../src/modules/auth/auth.secrets';
import { unsubscribeToken } from '../../src/modules/digest/digest.tokens';
import { signInAs } from '../support/auth';
import { createCampaign, createInvite, createUser, createVideo } from '../support/factories';
import { encodeMetadata, TUS } from '../support/tus';
import type { Actor } from './matrix';
import { type Headers, PASSWORD, totpCode, unique, type World } from './world';

export interface Probe {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Headers;
  payload?: unknown;
  /** An event stream: sent over HTTP and closed once the status and headers are in. */
  stream?: boolean;
  /** Reads the row(s) the request aims at: a refusal must leave them as they were. */
  row?: () => Promise<unknown>;
  /** Ids of A's rows that must not appear in what this actor is allowed to read. */
  mustNotSee?: string[];
}

type Build = (actor: Actor, w: World) => Promise<Probe>;

const as = (actor: Actor, w: World) => w.headers[actor];
const get =
  (url: string): Build =>
  async (actor, w) => ({ method: 'GET', url, headers: as(actor, w) });
const post =
  (url: string, payload?: unknown): Build =>
  async (actor, w) => ({
    method: 'POST',
    url,
    headers: as(actor, w),
    ...(payload === undefined ? {} : { payload }),
  });

/** B's own lists must not carry A's rows. */
function listOf(url: string, hidden: (w: World) => string[], from: Actor[]): Build {
  return async (actor, w) => ({
    method: 'GET',
    url,
    headers: as(actor, w),
    ...(from.includes(actor) ? { mustNotSee: hidden(w) } : {}),
  });
}

/**
 * Where the second step of sign-in takes a ticket: the pending admin sends its own, the others what
 * they hold instead (their access token), or a made-up one when they hold nothing.
 */
async function ticketOf(actor: Actor, w: World): Promise<string> {
  if (actor === 'adminMfaPending') return w.freshTicket();
  const header = w.headers[actor].authorization;
  return header ? header.slice('Bearer '.length) : 'eyJhbGciOiJFUzI1NiJ9.e30.not-a-ticket';
}
const ticketHeaders = (actor: Actor, w: World) => (actor === 'adminMfaPending' ? {} : as(actor, w));

/** An assertion no authenticator made: well-formed, so only its checks can refuse it. */
function madeUpAssertion() {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const id = randomBytes(16).toString('base64url');
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: b64(JSON.stringify({ type: 'webauthn.get', challenge: b64('none') })),
      authenticatorData: b64('authenticator data'),
      signature: b64('signature'),
    },
    clientExtensionResults: {},
  };
}

const one = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [first] = await rows;
  if (!first) throw new Error('expected a row');
  return first;
};

/** Creator A's account rows belong to a new creator per request, so A's own requests can use them up. */
async function ownerOfA(actor: Actor, w: World) {
  const owner = await createUser(w.db, { role: 'creator', password: PASSWORD });
  const ownerHeaders = await signInAs(w.t, owner);
  return { owner, ownerHeaders, headers: actor === 'creatorA' ? ownerHeaders : as(actor, w) };
}

async function totpFactorOfA(actor: Actor, w: World) {
  const a = await ownerOfA(actor, w);
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/factors',
    headers: a.ownerHeaders,
    payload: { factor_type: 'totp', friendly_name: `App ${unique()}` },
  });
  if (res.statusCode !== 201) throw new Error(`enrol failed: ${res.body}`);
  const { id, totp } = res.json();
  const row = () => w.db.select().from(mfaFactors).where(eq(mfaFactors.id, id));
  return { ...a, factorId: id as string, secret: totp.secret as string, row };
}

/** Creator A's unfinished upload (tus), 1000 bytes announced, none sent. */
async function uploadOfA(w: World) {
  const owner = w.headers.creatorA;
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...owner,
      ...TUS,
      'upload-length': '1000',
      'upload-metadata': encodeMetadata({ title: 'Matrix upload', filetype: 'video/mp4' }),
    },
  });
  if (created.statusCode !== 201) throw new Error(`upload failed: ${created.body}`);
  const url = created.headers.location as string;
  const row = async () => {
    const res = await w.t.app.inject({ method: 'HEAD', url, headers: { ...owner, ...TUS } });
    return { status: res.statusCode, offset: res.headers['upload-offset'] };
  };
  return { url, row };
}

async function pendingVideoOfA(w: World) {
  const video = await createVideo(w.db, { creatorId: w.users.creatorA.id });
  return { id: video.id, row: () => w.db.select().from(videos).where(eq(videos.id, video.id)) };
}

async function submissionToA(w: World) {
  const campaign = await createCampaign(w.db, { brandId: w.users.brandA.id });
  const video = await createVideo(w.db, {
    creatorId: w.users.creatorA.id,
    campaignId: campaign.id,
  });
  const submission = await one(
    w.db
      .insert(submissions)
      .values({ campaignId: campaign.id, creatorId: w.users.creatorA.id, videoId: video.id })
      .returning(),
  );
  const row = async () => ({
    submission: await w.db.select().from(submissions).where(eq(submissions.id, submission.id)),
    video: await w.db.select().from(videos).where(eq(videos.id, video.id)),
    transactions: await w.db
      .select()
      .from(transactions)
      .where(eq(transactions.campaignId, campaign.id)),
  });
  return { id: submission.id, row };
}

async function campaignOfA(w: World, status: 'open' | 'closed') {
  const campaign = await createCampaign(w.db, { brandId: w.users.brandA.id, status });
  return {
    id: campaign.id,
    row: () => w.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)),
  };
}

async function openReportOnA(w: World) {
  const video = await createVideo(w.db, { creatorId: w.users.creatorA.id, status: 'approved' });
  const report = await one(
    w.db
      .insert(reports)
      .values({ videoId: video.id, reporterId: w.users.viewer.id, reason: 'Misleading claims' })
      .returning(),
  );
  const row = async () => ({
    report: await w.db.select().from(reports).where(eq(reports.id, report.id)),
    video: await w.db.select().from(videos).where(eq(videos.id, video.id)),
  });
  return { id: report.id, row };
}

async function emailToken(w: World, purpose: 'verify_email' | 'reset_password') {
  const user = await createUser(w.db, { password: PASSWORD, emailVerified: false });
  const token = newSecret();
  await w.db.insert(emailTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + 60 * 60_000),
  });
  return token;
}

const codeChallenge = () =>
  createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');

/** Who may reach the creator area but holds none of creator A's rows. */
const NOT_CREATOR_A: Actor[] = ['creatorB', 'admin', 'adminAal1'];
/** Who may reach the brand dashboard but must not see brand A's rows: admins see every brand's. */
const NOT_BRAND_A: Actor[] = ['brandB'];
/** Everyone signed in but creator A, for creator A's account rows. */
const ANYONE_BUT_CREATOR_A: Actor[] = [
  'viewer',
  'creatorB',
  'brandA',
  'brandB',
  'admin',
  'adminAal1',
];

export const PROBES: Record<string, Build> = {
  'GET /': get('/'),
  'GET /*': get('/feed'),
  'GET /media/*': async (actor, w) => ({ method: 'GET', url: w.mediaPath, headers: as(actor, w) }),
  'GET /healthz': get('/healthz'),
  'GET /readyz': get('/readyz'),
  'GET /.well-known/jwks.json': get('/.well-known/jwks.json'),
  'GET /api/docs': get('/api/docs'),
  'GET /api/docs/json': get('/api/docs/json'),
  'GET /api/docs/yaml': get('/api/docs/yaml'),
  'GET /api/docs/static/index.html': get('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': get('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/static/*': get('/api/docs/static/swagger-ui.css'),

  'POST /api/access-requests': async (actor, w) =>
    post('/api/access-requests', {
      name: 'Matrix Person',
      email: `join_${unique()}@example.test`,
      role: 'creator',
    })(actor, w),
  'GET /api/beta/progress': get('/api/beta/progress'),
  'GET /api/beta/progress/stream': async (actor, w) => ({
    ...(await get('/api/beta/progress/stream')(actor, w)),
    stream: true,
  }),

  'POST /api/auth/signup': async (actor, w) => {
    const invite = await createInvite(w.db, { role: 'viewer' });
    const name = `new_${unique()}`;
    return post('/api/auth/signup', {
      username: name,
      email: `${name}@example.test`,
      password: PASSWORD,
      inviteCode: invite.code,
      role: 'viewer',
    })(actor, w);
  },
  'POST /api/auth/signin': async (actor, w) => {
    const user = await createUser(w.db, { password: PASSWORD });
    return post('/api/auth/signin', { email: user.email, password: PASSWORD })(actor, w);
  },
  // The refresh token is the credential: one of a session an API client opened with its password.
  'POST /api/auth/token': async (actor, w) => {
    const user = await createUser(w.db, { password: PASSWORD });
    const opened = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: user.email, password: PASSWORD },
    });
    const refreshToken = opened.json().session?.refresh_token;
    if (!refreshToken) throw new Error(`no refresh token: ${opened.body}`);
    return post('/api/auth/token?grant_type=refresh_token', { refresh_token: refreshToken })(
      actor,
      w,
    );
  },
  'POST /api/auth/signout': async (actor, w) => ({
    method: 'POST',
    url: '/api/auth/signout',
    headers: await w.standIn(actor),
  }),
  'POST /api/auth/verify-email': async (actor, w) =>
    post('/api/auth/verify-email', { token: await emailToken(w, 'verify_email') })(actor, w),
  'POST /api/auth/verify-email/resend': post('/api/auth/verify-email/resend'),
  'POST /api/auth/recover': post('/api/auth/recover', { email: 'nobody@example.test' }),
  'POST /api/auth/reset-password': async (actor, w) =>
    post('/api/auth/reset-password', {
      token: await emailToken(w, 'reset_password'),
      password: 'a new password',
    })(actor, w),
  'POST /api/auth/mfa/verify': async (actor, w) => ({
    method: 'POST',
    url: '/api/auth/mfa/verify',
    headers: ticketHeaders(actor, w),
    // The next period's code: the enrolment spent this one, and ±1 period is accepted.
    payload: {
      ticket: await ticketOf(actor, w),
      factorId: w.adminFactors.totpId,
      code: await totpCode(w.adminFactors.totpSecret, 1),
    },
  }),
  'POST /api/auth/mfa/phone/challenge': async (actor, w) => ({
    method: 'POST',
    url: '/api/auth/mfa/phone/challenge',
    headers: ticketHeaders(actor, w),
    payload: { ticket: await ticketOf(actor, w), factorId: w.adminFactors.phoneId },
  }),
  'POST /api/auth/mfa/webauthn/options': async (actor, w) => ({
    method: 'POST',
    url: '/api/auth/mfa/webauthn/options',
    headers: ticketHeaders(actor, w),
    payload: { ticket: await ticketOf(actor, w) },
  }),
  'POST /api/auth/mfa/webauthn/verify': async (actor, w) => ({
    method: 'POST',
    url: '/api/auth/mfa/webauthn/verify',
    headers: ticketHeaders(actor, w),
    payload: { ticket: await ticketOf(actor, w), response: madeUpAssertion() },
  }),
  'POST /api/auth/passkey/options': post('/api/auth/passkey/options'),
  'POST /api/auth/passkey/verify': async (actor, w) => {
    const options = await w.t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
    return post('/api/auth/passkey/verify', {
      challengeId: options.json().challengeId,
      response: madeUpAssertion(),
    })(actor, w);
  },
  'GET /api/auth/providers': get('/api/auth/providers'),
  'GET /api/authorize': async (actor, w) =>
    get(
      `/api/authorize?provider=test&redirect_to=%2Fauth%2Fcallback&code_challenge=${codeChallenge()}`,
    )(actor, w),
  'GET /api/auth/callback': get('/api/auth/callback?state=unknown&code=unknown'),

  'GET /api/account/sessions': listOf(
    '/api/account/sessions',
    (w) => [w.rowsOfA.sessionId],
    ANYONE_BUT_CREATOR_A,
  ),
  'DELETE /api/account/sessions/:id': async (actor, w) => {
    const a = await ownerOfA(actor, w);
    const other = await one(w.db.insert(sessions).values({ userId: a.owner.id }).returning());
    return {
      method: 'DELETE',
      url: `/api/account/sessions/${other.id}`,
      headers: a.headers,
      row: () => w.db.select().from(sessions).where(eq(sessions.id, other.id)),
    };
  },
  'POST /api/account/password': async (actor, w) => ({
    method: 'POST',
    url: '/api/account/password',
    headers: await w.standIn(actor),
    payload: { currentPassword: PASSWORD, newPassword: 'another password' },
  }),
  // An account made through a provider has no password; its first one needs a recent sign-in.
  'POST /api/account/password/first': async (actor, w) => ({
    method: 'POST',
    url: '/api/account/password/first',
    headers: await w.standIn(actor, { password: false }),
    payload: { newPassword: 'a first password' },
  }),
  'GET /api/account/digest': get('/api/account/digest'),
  'PUT /api/account/digest': async (actor, w) => ({
    method: 'PUT',
    url: '/api/account/digest',
    headers: as(actor, w),
    payload: { subscribed: true },
  }),
  'GET /api/account/export': listOf(
    '/api/account/export',
    (w) => [w.users.creatorA.email, w.rowsOfA.sessionId, w.rowsOfA.reportId],
    ANYONE_BUT_CREATOR_A,
  ),
  'POST /api/account/delete': async (actor, w) => ({
    method: 'POST',
    url: '/api/account/delete',
    headers: await w.standIn(actor),
    payload: { password: PASSWORD },
  }),
  'GET /api/user/identities': listOf(
    '/api/user/identities',
    (w) => [w.rowsOfA.identityId],
    ANYONE_BUT_CREATOR_A,
  ),
  'DELETE /api/user/identities/:identityId': async (actor, w) => {
    const a = await ownerOfA(actor, w);
    const identity = await one(
      w.db
        .insert(identities)
        .values({ userId: a.owner.id, provider: 'test', subject: unique(), email: a.owner.email })
        .returning(),
    );
    return {
      method: 'DELETE',
      url: `/api/user/identities/${identity.id}`,
      headers: a.headers,
      row: () => w.db.select().from(identities).where(eq(identities.id, identity.id)),
    };
  },
  'GET /api/factors': listOf('/api/factors', (w) => [w.adminFactors.totpId], [
    'viewer',
    'creatorA',
    'creatorB',
    'brandA',
    'brandB',
  ]),
  'POST /api/factors': async (actor, w) =>
    post('/api/factors', { factor_type: 'totp', friendly_name: `App ${unique()}` })(actor, w),
  'POST /api/factors/recovery-codes': post('/api/factors/recovery-codes'),
  'POST /api/factors/:id/challenge': async (actor, w) => {
    const f = await totpFactorOfA(actor, w);
    return {
      method: 'POST',
      url: `/api/factors/${f.factorId}/challenge`,
      headers: f.headers,
      row: f.row,
    };
  },
  'POST /api/factors/:id/verify': async (actor, w) => {
    const f = await totpFactorOfA(actor, w);
    return {
      method: 'POST',
      url: `/api/factors/${f.factorId}/verify`,
      headers: f.headers,
      payload: { code: await totpCode(f.secret) },
      row: f.row,
    };
  },
  'DELETE /api/factors/:id': async (actor, w) => {
    const f = await totpFactorOfA(actor, w);
    return { method: 'DELETE', url: `/api/factors/${f.factorId}`, headers: f.headers, row: f.row };
  },
  'GET /api/digest/unsubscribe': async (actor, w) =>
    get(`/api/digest/unsubscribe?token=${await unsubscribeToken(w.db, w.users.viewer.id)}`)(
      actor,
      w,
    ),
  'POST /api/digest/unsubscribe': async (actor, w) =>
    post(`/api/digest/unsubscribe?token=${await unsubscribeToken(w.db, w.users.viewer.id)}`)(
      actor,
      w,
    ),
  'GET /api/profiles/me': get('/api/profiles/me'),
  'GET /api/profiles/:id': async (actor, w) =>
    get(`/api/profiles/${w.users.creatorA.id}`)(actor, w),

  'GET /api/feed': get('/api/feed'),
  'PUT /api/videos/:id/like': async (actor, w) => ({
    method: 'PUT',
    url: `/api/videos/${w.rowsOfA.videoId}/like`,
    headers: as(actor, w),
  }),
  'DELETE /api/videos/:id/like': async (actor, w) => ({
    method: 'DELETE',
    url: `/api/videos/${w.rowsOfA.videoId}/like`,
    headers: as(actor, w),
  }),
  'POST /api/videos/:id/shares': async (actor, w) =>
    post(`/api/videos/${w.rowsOfA.videoId}/shares`)(actor, w),
  'POST /api/videos/:id/reports': async (actor, w) =>
    post(`/api/videos/${w.rowsOfA.videoId}/reports`, { reason: 'Looks misleading' })(actor, w),
  'GET /api/me/reports': listOf(
    '/api/me/reports',
    (w) => [w.rowsOfA.reportId],
    ANYONE_BUT_CREATOR_A,
  ),
  'POST /api/metrics': async (actor, w) =>
    post('/api/metrics', {
      action: 'increment',
      videoId: w.rowsOfA.videoId,
      metricType: 'views',
      increment: 1,
      deviceId: randomUUID(),
    })(actor, w),
  'GET /api/leaderboard/videos': get('/api/leaderboard/videos'),
  'GET /api/leaderboard/creators': get('/api/leaderboard/creators'),
  'GET /api/campaigns': get('/api/campaigns'),

  'GET /api/creator/videos': listOf(
    '/api/creator/videos',
    (w) => [w.rowsOfA.videoId],
    NOT_CREATOR_A,
  ),
  'GET /api/creator/stats': get('/api/creator/stats'),
  'GET /api/creator/earnings': listOf(
    '/api/creator/earnings',
    (w) => [w.rowsOfA.transactionId],
    NOT_CREATOR_A,
  ),
  'GET /api/creator/submissions': listOf(
    '/api/creator/submissions',
    (w) => [w.rowsOfA.submissionId],
    NOT_CREATOR_A,
  ),
  'GET /api/campaigns/open': get('/api/campaigns/open'),
  'POST /api/uploads': async (actor, w) => ({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...as(actor, w),
      ...TUS,
      'upload-length': '1000',
      'upload-metadata': encodeMetadata({ title: 'Matrix upload', filetype: 'video/mp4' }),
    },
  }),
  'PATCH /api/uploads/:id': async (actor, w) => {
    const upload = await uploadOfA(w);
    return {
      method: 'PATCH',
      url: upload.url,
      headers: {
        ...as(actor, w),
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10, 1),
      row: upload.row,
    };
  },
  'HEAD /api/uploads/:id': async (actor, w) => {
    const upload = await uploadOfA(w);
    return {
      method: 'HEAD',
      url: upload.url,
      headers: { ...as(actor, w), ...TUS },
      row: upload.row,
    };
  },
  'DELETE /api/uploads/:id': async (actor, w) => {
    const upload = await uploadOfA(w);
    return {
      method: 'DELETE',
      url: upload.url,
      headers: { ...as(actor, w), ...TUS },
      row: upload.row,
    };
  },

  'POST /api/brand/campaigns': post('/api/brand/campaigns', {
    title: 'Matrix campaign',
    budgetTotalCents: 50_000,
    payoutPerVideoCents: 5_000,
  }),
  'GET /api/brand/campaigns': listOf(
    '/api/brand/campaigns',
    (w) => [w.rowsOfA.campaignId],
    NOT_BRAND_A,
  ),
  'POST /api/brand/campaigns/:id/close': async (actor, w) => {
    const campaign = await campaignOfA(w, 'open');
    return {
      ...(await post(`/api/brand/campaigns/${campaign.id}/close`)(actor, w)),
      row: campaign.row,
    };
  },
  'POST /api/brand/campaigns/:id/reopen': async (actor, w) => {
    const campaign = await campaignOfA(w, 'closed');
    return {
      ...(await post(`/api/brand/campaigns/${campaign.id}/reopen`)(actor, w)),
      row: campaign.row,
    };
  },
  'GET /api/brand/submissions': listOf(
    '/api/brand/submissions',
    (w) => [w.rowsOfA.submissionId],
    NOT_BRAND_A,
  ),
  'POST /api/brand/submissions/:id/approve': async (actor, w) => {
    const entry = await submissionToA(w);
    return {
      ...(await post(`/api/brand/submissions/${entry.id}/approve`)(actor, w)),
      row: entry.row,
    };
  },
  'POST /api/brand/submissions/:id/reject': async (actor, w) => {
    const entry = await submissionToA(w);
    return {
      ...(await post(`/api/brand/submissions/${entry.id}/reject`, { reason: 'Not a fit' })(
        actor,
        w,
      )),
      row: entry.row,
    };
  },
  'GET /api/brand/transactions': listOf(
    '/api/brand/transactions',
    (w) => [w.rowsOfA.transactionId],
    NOT_BRAND_A,
  ),
  'POST /api/brand/transactions/:id/mark-paid': async (actor, w) => {
    const campaign = await createCampaign(w.db, { brandId: w.users.brandA.id });
    const video = await createVideo(w.db, {
      creatorId: w.users.creatorA.id,
      campaignId: campaign.id,
      status: 'approved',
    });
    const booking = await one(
      w.db
        .insert(transactions)
        .values({
          campaignId: campaign.id,
          videoId: video.id,
          brandId: w.users.brandA.id,
          creatorId: w.users.creatorA.id,
          amountCents: campaign.payoutPerVideoCents,
          type: 'booking',
        })
        .returning(),
    );
    return {
      ...(await post(`/api/brand/transactions/${booking.id}/mark-paid`)(actor, w)),
      row: () => w.db.select().from(transactions).where(eq(transactions.id, booking.id)),
    };
  },
  'GET /api/brand/performance': listOf(
    '/api/brand/performance',
    (w) => [w.rowsOfA.campaignId],
    NOT_BRAND_A,
  ),

  'GET /api/admin/invites': get('/api/admin/invites'),
  'POST /api/admin/invites': post('/api/admin/invites', { role: 'creator' }),
  'GET /api/admin/whitelist': get('/api/admin/whitelist'),
  'POST /api/admin/whitelist': async (actor, w) =>
    post('/api/admin/whitelist', { email: `white_${unique()}@example.test`, role: 'admin' })(
      actor,
      w,
    ),
  'DELETE /api/admin/whitelist/:id': async (actor, w) => {
    const entry = await one(
      w.db
        .insert(whitelist)
        .values({ email: `listed_${unique()}@example.test`, roleAllowed: 'creator' })
        .returning(),
    );
    return {
      method: 'DELETE',
      url: `/api/admin/whitelist/${entry.id}`,
      headers: as(actor, w),
      row: () => w.db.select().from(whitelist).where(eq(whitelist.id, entry.id)),
    };
  },
  'GET /api/admin/access-requests': get('/api/admin/access-requests'),
  'POST /api/admin/access-requests/:id/decline': async (actor, w) => {
    const request = await one(
      w.db
        .insert(accessRequests)
        .values({ name: 'Asker', email: `ask_${unique()}@example.test`, role: 'creator' })
        .returning(),
    );
    return {
      ...(await post(`/api/admin/access-requests/${request.id}/decline`)(actor, w)),
      row: () => w.db.select().from(accessRequests).where(eq(accessRequests.id, request.id)),
    };
  },
  'GET /api/admin/outbox': get('/api/admin/outbox'),
  'POST /api/admin/digest/test': post('/api/admin/digest/test'),
  'GET /api/admin/counts': get('/api/admin/counts'),
  'GET /api/admin/counts/stream': async (actor, w) => ({
    ...(await get('/api/admin/counts/stream')(actor, w)),
    stream: true,
  }),
  'GET /api/admin/audit': get('/api/admin/audit'),
  'GET /api/admin/audit/facets': get('/api/admin/audit/facets'),
  'GET /api/admin/videos': get('/api/admin/videos'),
  'POST /api/admin/videos/:id/approve': async (actor, w) => {
    const video = await pendingVideoOfA(w);
    return { ...(await post(`/api/admin/videos/${video.id}/approve`)(actor, w)), row: video.row };
  },
  'POST /api/admin/videos/:id/reject': async (actor, w) => {
    const video = await pendingVideoOfA(w);
    return { ...(await post(`/api/admin/videos/${video.id}/reject`)(actor, w)), row: video.row };
  },
  'POST /api/admin/videos/:id/feature': async (actor, w) => {
    const video = await createVideo(w.db, { creatorId: w.users.creatorA.id, status: 'approved' });
    return {
      ...(await post(`/api/admin/videos/${video.id}/feature`, { featured: true })(actor, w)),
      row: () => w.db.select().from(videos).where(eq(videos.id, video.id)),
    };
  },
  'POST /api/admin/scores/recompute': post('/api/admin/scores/recompute'),
  'GET /api/admin/reports': get('/api/admin/reports'),
  'POST /api/admin/reports/:id/dismiss': async (actor, w) => {
    const report = await openReportOnA(w);
    return {
      ...(await post(`/api/admin/reports/${report.id}/dismiss`)(actor, w)),
      row: report.row,
    };
  },
  'POST /api/admin/reports/:id/remove-video': async (actor, w) => {
    const report = await openReportOnA(w);
    return {
      ...(await post(`/api/admin/reports/${report.id}/remove-video`)(actor, w)),
      row: report.row,
    };
  },
};
