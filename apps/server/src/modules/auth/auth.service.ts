/**
 * The accounts rules (SPEC.md §5 sign-up gate, §6 roles; DESIGN.md §3 "Access and accounts").
 */
import {
  MESSAGES,
  type MfaRequired,
  type Role,
  type SignInInput,
  type SignUpInput,
  withBrand,
} from '@adreel/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { mfaFactors } from '../../db/schema';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, badRequest, conflict, unauthorized } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit';
import { passwordResetMail, verificationMail } from './auth.mail';
import { hashPassword, verifyPassword } from './auth.passwords';
import {
  consumeEmailToken,
  consumeInvite,
  emailExists,
  findUserByEmail,
  findUserById,
  findWhitelistEntry,
  grantRoles,
  insertEmailToken,
  insertProfile,
  insertUser,
  markEmailVerified,
  setPasswordHash,
  usernameExists,
} from './auth.queries';
import { hashSecret, newSecret } from './auth.secrets';
import type { ClientInfo, IssuedSession, SessionIssuer } from './auth.sessions';
import { revokeUserSessions } from './auth.sessions.queries';
import type { TokenService } from './auth.tokens';

const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_PASSWORD_TTL_MS = 30 * 60 * 1000;

export type SignInResult = ({ kind: 'session' } & IssuedSession) | ({ kind: 'mfa' } & MfaRequired);

interface AuthServiceDeps {
  db: Database;
  config: Config;
  tokens: TokenService;
  sessions: SessionIssuer;
  rateLimiter: RateLimiter;
}

export function createAuthService({ db, config, tokens, sessions, rateLimiter }: AuthServiceDeps) {
  const privateBeta = () =>
    new AppError(403, 'private_beta', withBrand(MESSAGES.privateBeta, config.appName));

  async function mailLink(
    tx: Database,
    userId: string,
    email: string,
    purpose: 'verify_email' | 'reset_password',
  ) {
    const secret = newSecret();
    const ttl = purpose === 'verify_email' ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
    await insertEmailToken(tx, {
      userId,
      purpose,
      tokenHash: hashSecret(secret),
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

  /** Proving the address grants the role its whitelist entry allows (DESIGN.md §3). */
  async function confirmEmail(tx: Database, userId: string): Promise<void> {
    const user = await findUserById(tx, userId);
    if (!user) return;
    await markEmailVerified(tx, userId);
    const entry = await findWhitelistEntry(tx, user.email);
    if (entry) await grantRoles(tx, userId, [entry.roleAllowed]);
  }

  async function verifiedFactors(userId: string) {
    return db
      .select({
        id: mfaFactors.id,
        factorType: mfaFactors.factorType,
        friendlyName: mfaFactors.friendlyName,
      })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.verifiedAt)));
  }

  return {
    /**
     * Creates the account, consumes the invite and starts a session in one transaction: of many
     * sign-ups racing on one code exactly one commits (SPEC.md §5 gate; issue 3).
     */
    async signUp(input: SignUpInput, client: ClientInfo): Promise<IssuedSession> {
      await rateLimiter.consume(RATE_LIMITS.signUpPerIp, client.ip ?? 'unknown');
      const email = input.email.toLowerCase();
      const passwordHash = await hashPassword(input.password);
      try {
        const started = await db.transaction(async (tx) => {
          const inviteCode = input.inviteCode || undefined;
          const entry = await findWhitelistEntry(tx, email);
          if (!entry && !inviteCode) throw privateBeta();
          if (await usernameExists(tx, input.username))
            throw conflict(MESSAGES.usernameTaken, 'username_taken');
          if (await emailExists(tx, email)) throw conflict(MESSAGES.emailTaken, 'email_taken');

          const user = await insertUser(tx, { email, passwordHash, requestedRole: input.role });
          await insertProfile(tx, {
            userId: user.id,
            username: input.username,
            displayName: input.displayName || input.username,
          });
          const inviteRole = inviteCode ? await consumeInvite(tx, inviteCode, user.id) : null;
          if (!inviteRole && !entry) throw privateBeta();
          // Holding the code is the permission; a whitelist role waits for the address to be proven.
          const roles: Role[] = inviteRole ? [inviteRole] : ['viewer'];
          await grantRoles(tx, user.id, roles);
          await mailLink(tx, user.id, email, 'verify_email');
          return { userId: user.id, ...(await sessions.start(user.id, client, 'aal1', tx)) };
        });
        return {
          session: await sessions.accessSession(started.userId, started.sessionId, 'aal1'),
          refreshToken: started.refreshToken,
        };
      } catch (error) {
        // Two sign-ups racing on one username or email: the database decides, we explain.
        if (isUniqueViolation(error, 'profiles_username_lower_unique'))
          throw conflict(MESSAGES.usernameTaken, 'username_taken');
        if (isUniqueViolation(error, 'users_email_unique'))
          throw conflict(MESSAGES.emailTaken, 'email_taken');
        throw error;
      }
    },

    /** Never says whether the address has an account: one message for every failure. */
    async signIn(input: SignInInput, client: ClientInfo): Promise<SignInResult> {
      const email = input.email.toLowerCase();
      await rateLimiter.consume(RATE_LIMITS.signInPerIp, client.ip ?? 'unknown');
      await rateLimiter.consume(RATE_LIMITS.signInPerAccount, email);
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) throw unauthorized(MESSAGES.invalidCredentials, 'invalid_credentials');

      const factors = await verifiedFactors(user.id);
      if (factors.length > 0) {
        return { kind: 'mfa', mfa: { ticket: await tokens.issueMfaTicket(user.id), factors } };
      }
      const started = await sessions.start(user.id, client);
      return {
        kind: 'session',
        session: await sessions.accessSession(user.id, started.sessionId, 'aal1'),
        refreshToken: started.refreshToken,
      };
    },

    async verifyEmail(token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const userId = await consumeEmailToken(tx, 'verify_email', hashSecret(token));
        if (!userId) throw badRequest(MESSAGES.verifyLinkInvalid, 'invalid_link');
        await confirmEmail(tx, userId);
      });
    },

    async resendVerification(userId: string): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user || user.emailVerifiedAt) return;
      await rateLimiter.consume(RATE_LIMITS.recoverPerAccount, `verify:${user.email}`);
      await db.transaction((tx) => mailLink(tx, user.id, user.email, 'verify_email'));
    },

    /** Mails a reset link if the account exists; the caller answers the same either way. */
    async requestPasswordReset(rawEmail: string): Promise<void> {
      const email = rawEmail.toLowerCase();
      await rateLimiter.consume(RATE_LIMITS.recoverPerAccount, email);
      const user = await findUserByEmail(db, email);
      if (!user) return;
      await db.transaction((tx) => mailLink(tx, user.id, user.email, 'reset_password'));
    },

    /** Sets the new password and ends every session of the account (issue 3). */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const userId = await consumeEmailToken(tx, 'reset_password', hashSecret(token));
        if (!userId) throw badRequest(MESSAGES.resetLinkInvalid, 'invalid_link');
        await setPasswordHash(tx, userId, passwordHash);
        await revokeUserSessions(tx, userId);
        // The mailed link reached its owner: that proves the address as well.
        await confirmEmail(tx, userId);
      });
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
