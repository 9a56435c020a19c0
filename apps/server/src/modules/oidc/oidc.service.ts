/**
 * Sign-in through an OpenID Connect provider (issue 7; decision 014).
 *
 * 1. GET /authorize: the client sends its PKCE S256 challenge and where it wants the answer
 *    (a path on this site). We keep a flow row and send the browser to the provider with our own
 *    state, nonce and PKCE challenge.
 * 2. The provider's callback: the state finds the flow and is spent once; openid-client exchanges
 *    the provider's code with our verifier and checks the ID token (signature by the provider's
 *    JWKS, iss, aud, exp, nonce). Claims the ID token lacks (email, email_verified: OIDC Core §5.4
 *    lets a provider give them only from UserInfo) come from UserInfo, whose sub must be the ID
 *    token's. The identity then signs in to its account, takes over an unproven account with its
 *    verified address, or creates one (behind the private-beta gate), and the browser gets a
 *    one-time code at its redirect_to. An address of a proven account that has not linked this
 *    identity is never linked by email: its owner links it from /account (decision 026).
 * 3. POST /auth/token?grant_type=pkce: that code and the client's verifier, once, for a session, or
 *    for the second-factor ticket when the account has a verified factor, as password sign-in.
 *
 * Linking from /account: a signed-in, recently authenticated owner of a proven address starts a
 * flow bound to their account and to their browser (a cookie whose S256 the flow keeps as its code
 * challenge); the callback links the identity to that account and to no other, and sends the
 * browser back to /account.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type AuthorizeQuery,
  DISPLAY_NAME_MAX,
  IDENTITY_MESSAGES,
  MESSAGES,
  type MfaRequired,
  type Role,
  SESSION_MESSAGES,
  USERNAME_MAX,
  USERNAME_MIN,
  withBrand,
  withProvider,
} from '@adreel/domain';
import { OWNERSHIP_MESSAGES } from '@adreel/domain/ownership-api';
import * as client from 'openid-client';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, badRequest, unauthorized } from '../../platform/errors';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit';
import { spendInvite, whitelistEntryFor } from '../access/gate.service';
import {
  findSession,
  findUserByEmail,
  findUserById,
  grantRoles,
  insertProfile,
  insertUser,
  markEmailVerified,
  usernameExists,
} from '../auth/auth.accounts';
import { assertEmailVerified, claimAccountByProof } from '../auth/auth.ownership';
import { ownsLiveSession } from '../auth/auth.policy';
import { hashSecret, newSecret } from '../auth/auth.secrets';
import type { ClientInfo, IssuedSession, SessionIssuer } from '../auth/auth.sessions';
import type { AuthContext, TokenService } from '../auth/auth.tokens';
import { hasSecondFactor, secondFactorsOf } from '../mfa/mfa.accounts';
import { BASE_SCOPES, type OidcProviders } from './oidc.providers';
import {
  attachCode,
  findIdentity,
  insertFlow,
  insertIdentity,
  spendCode,
  spendState,
  touchIdentity,
} from './oidc.queries';
import { safeRedirectPath, withParams } from './oidc.redirect';

/** Long enough to pick an account at the provider; short enough that a stale tab must start again. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
/** The one-time code travels in a redirect and is exchanged at once by the page that receives it. */
export const AUTH_CODE_TTL_MS = 2 * 60 * 1000;
/** The path of the provider's callback; register `${PUBLIC_URL}${CALLBACK_PATH}` at the provider. */
export const CALLBACK_PATH = '/api/auth/callback';
/** Where a callback that matches no flow sends the browser (the sign-in screen's callback page). */
export const FALLBACK_REDIRECT = '/auth/callback';
/** Where a flow started from /account to link a provider comes back to. */
export const LINK_REDIRECT = '/account';
/**
 * The cookie that binds a link flow to the browser that started it: without it, someone could start
 * linking on their own account and have a victim finish it at the provider, so that the victim's
 * provider account would sign in to theirs. Scoped to the callback; gone when the flow is.
 */
export const LINK_COOKIE = 'adreel_oidc_link';
/** How recent the session must be to link a provider (the same bar as a first password). */
export const LINK_RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export type ExchangeResult =
  | ({ kind: 'session' } & IssuedSession)
  | ({ kind: 'mfa' } & MfaRequired);

/** What the ID token (with UserInfo) must say for us to use it. */
interface VerifiedClaims {
  subject: string;
  /** Lower-cased; empty when the provider shared none (a link needs none). */
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  preferredUsername: string | undefined;
}

class FlowError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A handle the sign-up rules accept (SPEC.md §5: 3 to 50 characters), from what the provider says. */
function usernameBase(claims: VerifiedClaims): string {
  const raw = claims.preferredUsername ?? claims.email.split('@')[0] ?? 'user';
  const cleaned = raw.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, USERNAME_MAX - 5);
  return cleaned.length >= USERNAME_MIN ? cleaned : `${cleaned}user`.slice(0, USERNAME_MAX - 5);
}

function emailVerified(value: unknown): boolean {
  // Most providers send a boolean; a few send the string.
  return value === true || value === 'true';
}

interface OidcServiceDeps {
  db: Database;
  config: Config;
  tokens: TokenService;
  sessions: SessionIssuer;
  rateLimiter: RateLimiter;
  providers: OidcProviders;
}

export function createOidcService(deps: OidcServiceDeps) {
  const { db, config, tokens, sessions, rateLimiter, providers } = deps;
  const callbackUrl = `${config.publicUrl}${CALLBACK_PATH}`;
  const privateBeta = () =>
    new FlowError('private_beta', withBrand(MESSAGES.privateBeta, config.appName));

  /**
   * The ID token's claims, with UserInfo's when the ID token lacks email or email_verified (OIDC Core
   * §5.4: a code flow's ID token may carry only sub; the email scope's claims then come from UserInfo).
   * UserInfo's sub must be the ID token's (§5.3.2), which fetchUserInfo checks.
   */
  async function verifiedClaims(
    providerClient: client.Configuration,
    tokensResponse: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  ): Promise<VerifiedClaims> {
    const idToken = tokensResponse.claims();
    if (!idToken) throw new FlowError('invalid_token', IDENTITY_MESSAGES.signInFailed);
    let claims: Record<string, unknown> = idToken;
    if (typeof idToken.email !== 'string' || idToken.email_verified === undefined) {
      const info = await client.fetchUserInfo(
        providerClient,
        tokensResponse.access_token,
        idToken.sub,
      );
      claims = { ...idToken, ...info, sub: idToken.sub };
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    return {
      subject: idToken.sub,
      email,
      emailVerified: Boolean(email) && emailVerified(claims.email_verified),
      name: typeof claims.name === 'string' ? claims.name.trim() : undefined,
      preferredUsername:
        typeof claims.preferred_username === 'string' ? claims.preferred_username : undefined,
    };
  }

  /** A sign-in needs an address the provider verified: that is what matches or creates the account. */
  function requireVerifiedEmail(claims: VerifiedClaims): void {
    if (!claims.email) throw new FlowError('email_missing', IDENTITY_MESSAGES.emailMissing);
    if (!claims.emailVerified)
      throw new FlowError('email_not_verified', IDENTITY_MESSAGES.emailNotVerified);
  }

  async function freeUsername(tx: Database, claims: VerifiedClaims): Promise<string> {
    const base = usernameBase(claims);
    if (!(await usernameExists(tx, base))) return base;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await usernameExists(tx, candidate))) return candidate;
    }
    throw new FlowError('server_error', IDENTITY_MESSAGES.signInFailed);
  }

  /**
   * The account this provider identity signs in to: the one it is linked to; else an account with
   * the same (provider-verified) address whose address nobody proved yet, which the proof takes over
   * (the classic federated merge of pre-account hijacking: whatever its creator set up goes); else a
   * new account through the private-beta gate. A proven account that has not linked this identity
   * (never, or unlinked since) is not linked by email: its owner links it from /account.
   */
  async function accountFor(
    tx: Database,
    provider: { id: string; name: string },
    claims: VerifiedClaims,
    inviteCode: string | null,
  ): Promise<string> {
    const linked = await findIdentity(tx, provider.id, claims.subject);
    if (linked) {
      const user = await findUserById(tx, linked.userId);
      if (!user) throw new FlowError('account_closed', IDENTITY_MESSAGES.signInFailed);
      await touchIdentity(tx, linked.id, claims.email || null);
      return user.id;
    }

    requireVerifiedEmail(claims);
    const existing = await findUserByEmail(tx, claims.email);
    if (existing) {
      if (existing.emailVerifiedAt)
        throw new FlowError(
          'link_from_account',
          withProvider(IDENTITY_MESSAGES.linkFromAccount, provider.name),
        );
      // Nobody proved this address before: whoever created the account may not own it. The
      // provider has proven it now, so the prover ends up the only one with the account: the
      // creator's password, sessions, factors, passkeys, identities and profile choices go, and a
      // whitelisted role arrives now (decision 022).
      await claimAccountByProof(tx, existing.id, { username: await freeUsername(tx, claims) });
      await insertIdentity(tx, {
        userId: existing.id,
        provider: provider.id,
        subject: claims.subject,
        email: claims.email,
      });
      return existing.id;
    }

    // A new account: SPEC.md §5's gate, as sign-up applies it.
    const entry = await whitelistEntryFor(tx, claims.email);
    if (!entry && !inviteCode) throw privateBeta();
    const user = await insertUser(tx, {
      email: claims.email,
      passwordHash: null,
      requestedRole: null,
    });
    await markEmailVerified(tx, user.id);
    const username = await freeUsername(tx, claims);
    await insertProfile(tx, {
      userId: user.id,
      username,
      displayName: (claims.name || username).slice(0, DISPLAY_NAME_MAX),
    });
    const inviteRole = inviteCode ? await spendInvite(tx, inviteCode, user.id) : null;
    if (!inviteRole && !entry) throw privateBeta();
    // The provider verified the address, so a whitelist role applies at once (DESIGN.md §3).
    const role: Role = inviteRole ?? entry?.roleAllowed ?? 'viewer';
    await grantRoles(tx, user.id, [role]);
    await insertIdentity(tx, {
      userId: user.id,
      provider: provider.id,
      subject: claims.subject,
      email: claims.email,
    });
    return user.id;
  }

  /**
   * A link flow's end: the identity joins the account that started the flow, never another one and
   * never by email. The account must still be there with its address proven.
   */
  async function linkIdentity(
    tx: Database,
    userId: string,
    provider: { id: string; name: string },
    claims: VerifiedClaims,
  ): Promise<void> {
    const user = await findUserById(tx, userId);
    if (!user) throw new FlowError('account_closed', IDENTITY_MESSAGES.signInFailed);
    if (!user.emailVerifiedAt)
      throw new FlowError('email_not_verified', OWNERSHIP_MESSAGES.verifyEmailFirst);
    const linked = await findIdentity(tx, provider.id, claims.subject);
    if (linked) {
      if (linked.userId !== userId)
        throw new FlowError(
          'identity_linked_elsewhere',
          withProvider(IDENTITY_MESSAGES.linkedElsewhere, provider.name),
        );
      await touchIdentity(tx, linked.id, claims.email || null);
      return;
    }
    await insertIdentity(tx, {
      userId,
      provider: provider.id,
      subject: claims.subject,
      email: claims.email || null,
    });
  }

  return {
    providers: () => providers.list(),

    /**
     * The provider's authorization URL for a new flow, or our redirect_to with an error when the
     * provider cannot be reached.
     */
    async authorize(query: AuthorizeQuery, ip: string | null): Promise<string> {
      const provider = providers.get(query.provider);
      if (!provider) throw badRequest(IDENTITY_MESSAGES.unknownProvider, 'unknown_provider');
      const redirectTo = safeRedirectPath(query.redirect_to, config.publicUrl);
      if (!redirectTo) throw badRequest(IDENTITY_MESSAGES.badRedirect, 'invalid_redirect');
      await rateLimiter.consume(RATE_LIMITS.signInPerIp, ip ?? 'unknown');
      let providerClient: client.Configuration;
      try {
        providerClient = await provider.client();
      } catch {
        // A browser navigation: say it on our own page rather than as a bare error.
        return withParams(redirectTo, {
          error: 'provider_unavailable',
          error_description: IDENTITY_MESSAGES.providerUnavailable,
        });
      }

      const state = client.randomState();
      const nonce = client.randomNonce();
      const verifier = client.randomPKCECodeVerifier();
      await insertFlow(db, {
        provider: provider.config.id,
        stateHash: hashSecret(state),
        nonce,
        providerCodeVerifier: verifier,
        codeChallenge: query.code_challenge,
        redirectTo,
        inviteCode: query.invite_code || null,
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      });
      const scopes = new Set([
        ...BASE_SCOPES,
        ...(provider.config.scopes ?? []),
        ...(query.scopes?.split(' ') ?? []),
      ]);
      return client
        .buildAuthorizationUrl(providerClient, {
          redirect_uri: callbackUrl,
          scope: [...scopes].join(' '),
          state,
          nonce,
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /**
     * /account's "Link": the provider's authorization URL for a flow bound to the caller's account
     * and to the browser (the returned binding goes into LINK_COOKIE). Only for a live session at
     * most ten minutes old, with the second factor passed when there is one, on a proven address.
     */
    async startLink(
      caller: AuthContext,
      providerId: string,
      ip: string | null,
      now = Date.now(),
    ): Promise<{ url: string; binding: string }> {
      const provider = providers.get(providerId);
      if (!provider) throw badRequest(IDENTITY_MESSAGES.unknownProvider, 'unknown_provider');
      const session = await findSession(db, caller.sessionId);
      if (!ownsLiveSession(caller, session))
        throw unauthorized(SESSION_MESSAGES.sessionEnded, 'session_ended');
      await assertEmailVerified(db, caller.userId);
      if (session.aal !== 'aal2' && (await hasSecondFactor(db, caller.userId)))
        throw new AppError(403, 'aal2_required', IDENTITY_MESSAGES.linkAal2Required);
      if (now - session.createdAt.getTime() > LINK_RECENT_SIGN_IN_MS)
        throw new AppError(
          403,
          'reauthentication_needed',
          IDENTITY_MESSAGES.linkRecentSignInRequired,
        );
      await rateLimiter.consume(RATE_LIMITS.signInPerIp, ip ?? 'unknown');
      const providerClient = await provider.client();
      const binding = newSecret();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const verifier = client.randomPKCECodeVerifier();
      await insertFlow(db, {
        provider: provider.config.id,
        stateHash: hashSecret(state),
        nonce,
        providerCodeVerifier: verifier,
        codeChallenge: s256(binding),
        redirectTo: LINK_REDIRECT,
        userId: caller.userId,
        expiresAt: new Date(now + FLOW_TTL_MS),
      });
      const url = client.buildAuthorizationUrl(providerClient, {
        redirect_uri: callbackUrl,
        scope: [...new Set([...BASE_SCOPES, ...(provider.config.scopes ?? [])])].join(' '),
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.toString(), binding };
    },

    /**
     * The provider's answer. Always a path on this site to send the browser to: the flow's
     * redirect_to with `code`, or with `error` and `error_description`; for a link flow, /account
     * with `linked` or with the error. `linkBinding` is the browser's LINK_COOKIE, if any.
     */
    async callback(
      search: URLSearchParams,
      ip: string | null,
      linkBinding?: string,
    ): Promise<string> {
      await rateLimiter.consume(RATE_LIMITS.signInPerIp, ip ?? 'unknown');
      const state = search.get('state');
      const flow = state ? await spendState(db, hashSecret(state)) : null;
      if (!state || !flow)
        return withParams(FALLBACK_REDIRECT, {
          error: 'flow_expired',
          error_description: IDENTITY_MESSAGES.flowExpired,
        });
      const fail = (code: string, message: string) =>
        withParams(flow.redirectTo, { error: code, error_description: message });
      // A link flow names its account from the start; a sign-in flow learns it here.
      const linkTo = flow.userId;
      if (linkTo && !(linkBinding && sameString(s256(linkBinding), flow.codeChallenge)))
        return fail('link_expired', IDENTITY_MESSAGES.linkExpired);

      const provider = providers.get(flow.provider);
      if (!provider) return fail('unknown_provider', IDENTITY_MESSAGES.unknownProvider);
      const named = { id: provider.config.id, name: provider.config.name };
      if (search.has('error'))
        return search.get('error') === 'access_denied'
          ? fail('access_denied', withProvider(IDENTITY_MESSAGES.cancelled, named.name))
          : fail('provider_error', withProvider(IDENTITY_MESSAGES.providerRefused, named.name));
      try {
        const providerClient = await provider.client();
        const answered = await client.authorizationCodeGrant(
          providerClient,
          new URL(`${callbackUrl}?${search.toString()}`),
          {
            pkceCodeVerifier: flow.providerCodeVerifier,
            expectedState: state,
            expectedNonce: flow.nonce,
            idTokenExpected: true,
          },
        );
        const claims = await verifiedClaims(providerClient, answered);
        if (linkTo) {
          await db.transaction((tx) => linkIdentity(tx, linkTo, named, claims));
          return withParams(flow.redirectTo, { linked: named.id });
        }
        const userId = await db.transaction((tx) => accountFor(tx, named, claims, flow.inviteCode));
        const code = newSecret();
        await attachCode(
          db,
          flow.id,
          userId,
          hashSecret(code),
          new Date(Date.now() + AUTH_CODE_TTL_MS),
        );
        return withParams(flow.redirectTo, { code });
      } catch (error) {
        if (error instanceof FlowError) return fail(error.code, error.message);
        if (error instanceof AppError) return fail(error.code, error.message);
        if (isUniqueViolation(error))
          // Two callbacks for one new identity racing: the other one linked it; start again.
          return fail('flow_expired', IDENTITY_MESSAGES.flowExpired);
        // openid-client refused the answer: wrong state, nonce, issuer, audience, signature,
        // expiry, or a UserInfo answer about someone else.
        return fail('invalid_token', IDENTITY_MESSAGES.signInFailed);
      }
    },

    /** The client's code and PKCE verifier, once, for a session (or the second-factor ticket). */
    async exchange(
      authCode: string,
      codeVerifier: string,
      clientInfo: ClientInfo,
    ): Promise<ExchangeResult> {
      await rateLimiter.consume(RATE_LIMITS.signInPerIp, clientInfo.ip ?? 'unknown');
      const flow = await spendCode(db, hashSecret(authCode));
      if (!flow?.userId || !sameString(s256(codeVerifier), flow.codeChallenge))
        throw badRequest(IDENTITY_MESSAGES.flowExpired, 'invalid_grant');
      const userId = flow.userId;
      const factors = await secondFactorsOf(db, userId);
      if (factors.length > 0)
        return { kind: 'mfa', mfa: { ticket: await tokens.issueMfaTicket(userId), factors } };
      const started = await sessions.start(userId, clientInfo);
      return {
        kind: 'session',
        session: await sessions.accessSession(userId, started.sessionId, 'aal1'),
        refreshToken: started.refreshToken,
      };
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
