/**
 * The caller's ways to sign in (issue 7 item 5): a password, identities at providers, passkeys.
 * Unlinking or removing one never leaves none (decision 014); a first password for an account made
 * through a provider needs a recent sign-in instead of a current password.
 */
import {
  IDENTITY_MESSAGES,
  type Identity,
  SESSION_MESSAGES,
  type SignInMethods,
} from '@adreel/domain';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound, unauthorized } from '../../platform/errors';
import {
  findSession,
  findUserById,
  lockAccountPassword,
  setPasswordHash,
} from '../auth/auth.accounts';
import { hashPassword } from '../auth/auth.passwords';
import { ownsLiveSession } from '../auth/auth.policy';
import type { AuthContext } from '../auth/auth.tokens';
import { hasSecondFactor, passkeyCount } from '../mfa/mfa.accounts';
import { ownsIdentity } from './oidc.policy';
import type { OidcProviders } from './oidc.providers';
import {
  countIdentities,
  deleteIdentity,
  findIdentityById,
  type IdentityRow,
  listIdentities,
} from './oidc.queries';

/** How recent a sign-in must be to stand in for the current password (OWASP re-authentication). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

const lastMethod = (message: string) => conflict(message, 'last_sign_in_method');

/**
 * The ways the account can sign in on its own: a password, each linked identity, each verified
 * passkey (a passkey signs in without a password). Counted inside the caller's transaction after
 * locking the user row, so two removals at once cannot both think the other one is left.
 */
async function signInMethodCount(tx: Database, userId: string): Promise<number> {
  const account = await lockAccountPassword(tx, userId);
  if (!account) return 0;
  const linked = await countIdentities(tx, userId);
  const passkeys = await passkeyCount(tx, userId);
  return (account.hasPassword ? 1 : 0) + linked + passkeys;
}

/**
 * Throws 409 unless the account keeps another way to sign in once `remove` has run. Call inside the
 * transaction that removes: the count locks the user row, so two removals cannot race past it.
 */
export async function keepAnotherSignInMethod(
  tx: Database,
  userId: string,
  message: string = IDENTITY_MESSAGES.lastSignInMethod,
): Promise<void> {
  if ((await signInMethodCount(tx, userId)) <= 1) throw lastMethod(message);
}

export function createIdentitiesService(deps: { db: Database; providers: OidcProviders }) {
  const { db, providers } = deps;
  const names = new Map(providers.list().map((provider) => [provider.id, provider.name]));

  function identityOf(row: IdentityRow): Identity {
    return {
      id: row.id,
      provider: row.provider,
      providerName: names.get(row.provider) ?? row.provider,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    };
  }

  async function liveSession(caller: AuthContext) {
    const session = await findSession(db, caller.sessionId);
    if (!ownsLiveSession(caller, session))
      throw unauthorized(SESSION_MESSAGES.sessionEnded, 'session_ended');
    return session;
  }

  return {
    async list(caller: AuthContext): Promise<SignInMethods> {
      await liveSession(caller);
      const [user, rows, passkeys] = await Promise.all([
        findUserById(db, caller.userId),
        listIdentities(db, caller.userId),
        passkeyCount(db, caller.userId),
      ]);
      return {
        hasPassword: Boolean(user?.passwordHash),
        identities: rows.map(identityOf),
        passkeys,
      };
    },

    async unlink(caller: AuthContext, identityId: string): Promise<void> {
      const session = await liveSession(caller);
      // As with second factors (decision 008): once one is on, account changes need it passed.
      if (session.aal !== 'aal2' && (await hasSecondFactor(db, caller.userId)))
        throw new AppError(403, 'aal2_required', IDENTITY_MESSAGES.linkAal2Required);
      await db.transaction(async (tx) => {
        const identity = await findIdentityById(tx, identityId);
        // Someone else's identity is "not found": its existence is not the caller's to learn.
        if (!ownsIdentity(caller, identity))
          throw notFound(IDENTITY_MESSAGES.identityNotFound, 'identity_not_found');
        await keepAnotherSignInMethod(tx, caller.userId);
        await deleteIdentity(tx, identity.id);
      });
    },

    async setFirstPassword(
      caller: AuthContext,
      newPassword: string,
      now = Date.now(),
    ): Promise<void> {
      const session = await liveSession(caller);
      const user = await findUserById(db, caller.userId);
      if (!user) throw unauthorized(SESSION_MESSAGES.sessionEnded, 'session_ended');
      if (user.passwordHash) throw conflict(IDENTITY_MESSAGES.passwordAlreadySet, 'password_set');
      if (now - session.createdAt.getTime() > RECENT_SIGN_IN_MS)
        throw new AppError(403, 'reauthentication_needed', IDENTITY_MESSAGES.recentSignInRequired);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction((tx) => setPasswordHash(tx, caller.userId, passwordHash));
    },
  };
}
export type IdentitiesService = ReturnType<typeof createIdentitiesService>;
