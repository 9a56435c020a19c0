/** Requests for sign-up, sign-in and its second step, mailed links, and the account pages. */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emailTokens, identities, mfaFactors, sessions } from '../../src/db/schema';
import { hashSecret, newSecret } from '../../src/modules/auth/auth.secrets';
import { unsubscribeToken } from '../../src/modules/digest/digest.tokens';
import { signInAs } from '../support/auth';
import { createInvite, createUser } from '../support/factories';
import type { Actor } from './matrix';
import {
  ANYONE_BUT_CREATOR_A,
  as,
  type Build,
  get,
  listOf,
  madeUpAssertion,
  one,
  post,
  ticketHeaders,
  ticketOf,
} from './probe';
import { PASSWORD, totpCode, unique, type World } from './world';

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

export const ACCOUNT_PROBES: Record<string, Build> = {
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
    // A stand-in, as deleting ends the caller; the aal1 admin keeps its own session, whose factor
    // asks for aal2 first.
    headers: actor === 'adminAal1' ? as(actor, w) : await w.standIn(actor),
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
  'POST /api/user/identities/link': async (actor, w) => ({
    method: 'POST',
    url: '/api/user/identities/link',
    // Linking needs a sign-in at most ten minutes old: a fresh stand-in, whatever the run's length;
    // the aal1 admin keeps its own session (its factor asks for aal2 first).
    headers: ['signedOut', 'adminMfaPending', 'adminAal1'].includes(actor)
      ? as(actor, w)
      : await w.standIn(actor),
    payload: { provider: 'test' },
  }),
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
};
