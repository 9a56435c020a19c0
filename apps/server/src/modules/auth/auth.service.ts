/**
 * The accounts rules (SPEC.md §5 sign-up gate, §6 roles; DESIGN.md §3 "Access and accounts").
 */
import {
  MESSAGES,
  type MfaRequired,
  OWNERSHIP_MESSAGES,
  type Role,
  type SignInInput,
  type SignUpInput,
  type VerifyEmailBody,
  withBrand,
} from '@adreel/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, badRequest, unauthorized } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import {
  RATE_LIMITS,
  RateLimitedError,
  type RateLimiter,
  type RateLimitRule,
} from '../../platform/rate-limit';
import { isInviteLive, spendInvite, whitelistEntryFor } from '../access/gate.service';
import { secondFactorsOf } from '../mfa/mfa.accounts';
import { assertHandleFree, handleTaken, isHandleViolation } from './auth.handles';
import { passwordResetMail, signUpAttemptMail, verificationMail } from './auth.mail';
import { claimAccountByProof } from './auth.ownership';
import { hashPassword, verifyPassword } from './auth.passwords';
import {
  consumeEmailToken,
  emailExists,
  findLiveEmailToken,
  findProfile,
  findUserByEmail,
  findUserById,
  grantRoles,
  insertEmailToken,
  insertProfile,
  insertUser,
  setPasswordHash,
} from './auth.queries';
import { hashSecret, newSecret } from './auth.secrets';
import type { ClientInfo, IssuedSession, SessionIssuer } from './auth.sessions';
import { hasSignedInFrom, revokeSession, revokeUserSessions } from './auth.sessions.queries';
import { createSignInThrottle } from './auth.throttle';
import type { AuthContext, TokenService } from './auth.tokens';

const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_PASSWORD_TTL_MS = 30 * 60 * 1000;

export type SignInResult = ({ kind: 'session' } & IssuedSession) | ({ kind: 'mfa' } & MfaRequired);

/** What opening a verification link did (decision 022). */
export type VerifyEmailOutcome =
  | ({ kind: 'session' } & IssuedSession)
  | { kind: 'password_required'; email: string; username: string }
  | { kind: 'verified' };

interface AuthServiceDeps {
  db: Database;
  config: Config;
  tokens: TokenService;
  sessions: SessionIssuer;
  rateLimiter: RateLimiter;
}

export function createAuthService({ db, config, tokens, sessions, rateLimiter }: AuthServiceDeps) {
  const throttle = createSignInThrottle(db, rateLimiter);
  const privateBeta = () =>
    new AppError(403, 'private_beta', withBrand(MESSAGES.privateBeta, config.appName));

  async function mailLink(
    tx: Database,
    userId: string,
    email: string,
    purpose: 'verify_email' | 'reset_password',
    binding?: string,
  ) {
    const secret = newSecret();
    const ttl = purpose === 'verify_email' ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
    await insertEmailToken(tx, {
      userId,
      purpose,
      tokenHash: hashSecret(secret),
      bindingHash: binding ? hashSecret(binding) : null,
      expiresAt: new Date(Date.now() + ttl),
    });
    const path = purpose === 'verify_email' ? '/auth/verify' : '/auth/reset';
    const url = `${config.publicUrl}${path}?token=${encodeURIComponent(secret)}`;
    const mail =
      purpose === 'verify_email'
        ? verificationMail(email, config.appName, url)
        : passwordResetMail(email, config.appName, url);
    await enqueueMail(tx, mail);
  }

  /**
   * Counts one mail to an address against `rule`: false once over the limit, when the mail is
   * skipped and the answer stays as it was (it must not tell, nor stop the address's owner).
   */
  async function spendMailToAddress(rule: RateLimitRule, subject: string): Promise<boolean> {
    try {
      await rateLimiter.consume(rule, subject);
      return true;
    } catch (error) {
      if (error instanceof RateLimitedError) return false;
      throw error;
    }
  }

  /**
   * How the account knows this client, if it does: its device cookie (a right password given in
   * this browser) or an address it has signed in from. The key its own limit is counted under.
   */
  async function knownClient(
    user: { id: string; passwordHash: string | null },
    client: ClientInfo,
    deviceCookie: string | undefined,
  ): Promise<string | undefined> {
    const device = await throttle.knownDevice(user, deviceCookie);
    if (device) return `device:${device}`;
    if (client.ip && (await hasSignedInFrom(db, user.id, client.ip))) return `ip:${client.ip}`;
    return undefined;
  }

  /** The owner of an address someone tried to sign up with hears of it (at most a few per hour). */
  async function mailSignUpAttempt(email: string): Promise<void> {
    if (!(await spendMailToAddress(RATE_LIMITS.recoverPerAccount, `signup-attempt:${email}`)))
      return;
    const base = `${config.publicUrl}/auth?email=${encodeURIComponent(email)}`;
    await enqueueMail(
      db,
      signUpAttemptMail(email, config.appName, { signIn: base, reset: `${base}&view=forgot` }),
    );
  }

  function verifiedFactors(userId: string) {
    return secondFactorsOf(db, userId);
  }

  return {
    /**
     * Creates the account and consumes the invite in one transaction (of many sign-ups racing on one
     * code exactly one commits; SPEC.md §5 gate, issue 3), and mails the verification link bound to
     * the browser's `binding`. No session: the link signs in (decision 022).
     *
     * The checks never tell more than SPEC.md's gate does: the username first (usernames are
     * public), then the gate, and an address that already has an account answers as a new one would
     * (the password is hashed all the same, the invite code used up the same) while its owner gets a
     * mail instead.
     */
    async signUp(
      input: SignUpInput,
      client: ClientInfo,
      binding: string,
    ): Promise<{ message: string }> {
      await rateLimiter.consume(RATE_LIMITS.signUpPerIp, client.ip ?? 'unknown');
      const email = input.email.toLowerCase();
      const passwordHash = await hashPassword(input.password);
      const answer = { message: OWNERSHIP_MESSAGES.checkInbox };
      try {
        const existing = await db.transaction(async (tx) => {
          const inviteCode = input.inviteCode || undefined;
          await assertHandleFree(tx, input.username);
          const entry = await whitelistEntryFor(tx, email);
          if (!entry && !(inviteCode && (await isInviteLive(tx, inviteCode)))) throw privateBeta();
          if (await emailExists(tx, email)) {
            // The code is used up as for a new address (for nobody: its role goes to no account),
            // so spending or keeping it tells nothing about which addresses have an account.
            const spent = inviteCode ? await spendInvite(tx, inviteCode, null) : null;
            if (!spent && !entry) throw privateBeta();
            return true;
          }

          const user = await insertUser(tx, { email, passwordHash, requestedRole: input.role });
          await insertProfile(tx, {
            userId: user.id,
            username: input.username,
            displayName: input.displayName || input.username,
          });
          const inviteRole = inviteCode ? await spendInvite(tx, inviteCode, user.id) : null;
          if (!inviteRole && !entry) throw privateBeta();
          // Holding the code is the permission; a whitelist role waits for the address to be proven.
          const roles: Role[] = inviteRole ? [inviteRole] : ['viewer'];
          await grantRoles(tx, user.id, roles);
          await mailLink(tx, user.id, email, 'verify_email', binding);
          return false;
        });
        if (existing) await mailSignUpAttempt(email);
        return answer;
      } catch (error) {
        // Two sign-ups racing on one username or email: the database decides, we explain.
        if (isHandleViolation(error)) throw await handleTaken(db, input.username);
        // The other one made the account: answer as for any address that has one.
        if (isUniqueViolation(error, 'users_email_unique')) return answer;
        throw error;
      }
    },

    /**
     * Never says whether the address has an account: one message for every failure. Failures back
     * off; a browser holding this account's device cookie is counted apart (auth.throttle.ts). The
     * answer carries the device cookie to set.
     */
    async signIn(
      input: SignInInput,
      client: ClientInfo,
      deviceCookie?: string,
    ): Promise<SignInResult & { deviceCookie: string }> {
      const email = input.email.toLowerCase();
      const user = await findUserByEmail(db, email);
      const attempt = await throttle.enter({ email, account: user, ip: client.ip, deviceCookie });
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        await attempt.failed();
        throw unauthorized(MESSAGES.invalidCredentials, 'invalid_credentials');
      }
      const device = await attempt.succeeded(user);

      const factors = await verifiedFactors(user.id);
      if (factors.length > 0) {
        const ticket = await tokens.issueMfaTicket(user.id);
        return { kind: 'mfa', mfa: { ticket, factors }, deviceCookie: device };
      }
      const started = await sessions.start(user.id, client);
      return {
        kind: 'session',
        session: await sessions.accessSession(user.id, started.sessionId, 'aal1'),
        refreshToken: started.refreshToken,
        deviceCookie: device,
      };
    },

    /**
     * The verification link (decision 022). Opened in the browser that signed up (its binding
     * matches), it proves that the one who chose the password reads the mailbox: the address is
     * proven and a session starts. Opened anywhere else it is a takeover: without `password` the
     * answer asks for one and spends nothing; with it, everything set up before goes
     * (claimAccountByProof), the new password is set and a session starts.
     */
    async verifyEmail(
      body: VerifyEmailBody,
      binding: string | undefined,
      client: ClientInfo,
    ): Promise<VerifyEmailOutcome> {
      const tokenHash = hashSecret(body.token);
      const invalidLink = () => badRequest(MESSAGES.verifyLinkInvalid, 'invalid_link');
      const link = await findLiveEmailToken(db, 'verify_email', tokenHash);
      if (!link) throw invalidLink();
      const user = await findUserById(db, link.userId);
      if (!user) throw invalidLink();
      if (user.emailVerifiedAt) {
        await consumeEmailToken(db, 'verify_email', tokenHash);
        return { kind: 'verified' };
      }
      const sameBrowser =
        binding !== undefined &&
        link.bindingHash !== null &&
        hashSecret(binding) === link.bindingHash;
      if (!sameBrowser && !body.password) {
        const profile = await findProfile(db, user.id);
        return { kind: 'password_required', email: user.email, username: profile?.username ?? '' };
      }
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      try {
        const started = await db.transaction(async (tx) => {
          const userId = await consumeEmailToken(tx, 'verify_email', tokenHash);
          if (!userId) throw invalidLink();
          if (!sameBrowser && body.username) await assertHandleFree(tx, body.username, userId);
          await claimAccountByProof(tx, userId, {
            setUpAccount: sameBrowser,
            ...(!sameBrowser && body.username ? { username: body.username } : {}),
          });
          if (passwordHash) await setPasswordHash(tx, userId, passwordHash);
          return { userId, ...(await sessions.start(userId, client, 'aal1', tx)) };
        });
        return {
          kind: 'session',
          session: await sessions.accessSession(started.userId, started.sessionId, 'aal1'),
          refreshToken: started.refreshToken,
        };
      } catch (error) {
        if (isHandleViolation(error)) throw await handleTaken(db, body.username);
        throw error;
      }
    },

    /** A new link, bound to the asking browser like sign-up's. */
    async resendVerification(userId: string, binding: string): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user || user.emailVerifiedAt) return;
      await rateLimiter.consume(RATE_LIMITS.recoverPerAccount, `verify:${user.email}`);
      await db.transaction((tx) => mailLink(tx, user.id, user.email, 'verify_email', binding));
    },

    /**
     * Mails a reset link if the account exists; the caller answers the same either way. Strangers
     * can neither flood the mailbox nor lock its owner out (issue 25 item 4): past a few links an
     * hour for the address nothing more is sent, with the same answer, unless the request comes
     * from a browser (its device cookie) or an address that has signed in to the account before,
     * which are counted on their own.
     */
    async requestPasswordReset(
      rawEmail: string,
      client: ClientInfo,
      deviceCookie?: string,
    ): Promise<void> {
      const email = rawEmail.toLowerCase();
      await rateLimiter.consume(RATE_LIMITS.recoverPerIp, client.ip ?? 'unknown');
      const user = await findUserByEmail(db, email);
      if (!(await spendMailToAddress(RATE_LIMITS.recoverPerAccount, email))) {
        const known = user ? await knownClient(user, client, deviceCookie) : undefined;
        if (!known) return;
        if (!(await spendMailToAddress(RATE_LIMITS.recoverPerKnownClient, `${user?.id}:${known}`)))
          return;
      }
      if (!user) return;
      await db.transaction((tx) => mailLink(tx, user.id, user.email, 'reset_password'));
    },

    /**
     * Sets the new password and ends every session of the account (issue 3). The mailed link
     * reached the mailbox, which proves the address: on an account not proven before, that is a
     * takeover (decision 022) and everything set up before goes; on a proven one, factors stay
     * (only a proven owner could have added them).
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const userId = await consumeEmailToken(tx, 'reset_password', hashSecret(token));
        if (!userId) throw badRequest(MESSAGES.resetLinkInvalid, 'invalid_link');
        await claimAccountByProof(tx, userId, {});
        await setPasswordHash(tx, userId, passwordHash);
        await revokeUserSessions(tx, userId);
      });
    },

    /**
     * Sign-out. The session a refresh token belongs to ends (holding the token is the proof);
     * without one that matches, a signed-in caller's own session ends: the one its access token
     * names, the caller's by construction, so no ownership question arises.
     */
    async signOut(
      refreshToken: string | null | undefined,
      caller: AuthContext | null,
    ): Promise<void> {
      const ended = refreshToken ? await sessions.end(refreshToken) : null;
      if (!ended && caller) await revokeSession(db, caller.sessionId);
    },

    async changePassword(
      userId: string,
      sessionId: string,
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest(MESSAGES.wrongCurrentPassword, 'wrong_password');
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash);
        await revokeUserSessions(tx, userId, sessionId);
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
