/**
 * Deleting one's own account (issue 7 "Your data"). The user row stays, anonymised, because money
 * rows, submissions and the audit log keep pointing at it (users.deleted_at: soft deletion): what goes
 * is the person — email (freed for a new sign-up), password, profile, sign-in methods, activity.
 * Approved ads leave the feed (rejected: their media is purged like any rejected video's), the
 * brand's ledger keeps every row and amount with the creator set null, and the admins see the
 * deletion in the audit log. All of it in one transaction.
 */
import { SESSION_MESSAGES } from '@adreel/domain';
import { ACCOUNT_DATA_MESSAGES, type AccountDeleteInput } from '@adreel/domain/account-data-api';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { deleteMailTo } from '../../platform/mail/outbox';
import { type Actor, authorize } from '../../platform/policy';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit';
import { deleteAccessByEmail } from '../access/access.accounts';
import {
  anonymiseUser,
  deleteEmailTokensOf,
  deleteSessionsOf,
  findSession,
  findUserById,
  lockUserRow,
  roleRowsOf,
} from '../auth/auth.accounts';
import { verifyPassword } from '../auth/auth.passwords';
import { closeOpenBriefsOf, detachCreatorFromLedger } from '../campaigns/campaigns.accounts';
import { deleteAccountDigests } from '../digest/digest.accounts';
import { deleteAccountEngagement } from '../engagement/engagement.accounts';
import { deleteAccountTexts, dropAllFactors } from '../mfa/mfa.accounts';
import { deleteAccountIdentities } from '../oidc/oidc.accounts';
import { withdrawCreatorVideos } from '../videos/videos.service';
import { isFreshSignIn, mayHandleAccountData } from './account-data.policy';

/**
 * Checks the re-entered password; an account without one (signed up through a provider) must have
 * signed in within FRESH_SIGN_IN_MS in this session (account-data.policy's isFreshSignIn) and type
 * its email address. Then deletes.
 */
export async function deleteOwnAccount(
  db: Database,
  rateLimiter: RateLimiter,
  caller: Actor & { sessionId: string },
  input: AccountDeleteInput,
): Promise<{ message: string }> {
  const { userId } = caller;
  authorize(mayHandleAccountData(caller, { userId }));
  const user = await findUserById(db, userId);
  if (!user) throw notFound(SESSION_MESSAGES.accountNotFound);
  if (user.passwordHash) {
    if (!input.password)
      throw badRequest(ACCOUNT_DATA_MESSAGES.passwordRequired, 'password_required');
    await rateLimiter.consume(RATE_LIMITS.signInPerAccount, userId);
    if (!(await verifyPassword(user.passwordHash, input.password)))
      throw badRequest(ACCOUNT_DATA_MESSAGES.wrongPassword, 'wrong_password');
  } else {
    const session = await findSession(db, caller.sessionId);
    if (!isFreshSignIn(session, new Date()))
      throw forbidden(ACCOUNT_DATA_MESSAGES.reauthenticate, 'reauthentication_required');
    if (!input.confirmEmail)
      throw badRequest(ACCOUNT_DATA_MESSAGES.emailRequired, 'email_required');
    if (input.confirmEmail.toLowerCase() !== user.email)
      throw badRequest(ACCOUNT_DATA_MESSAGES.wrongEmail, 'wrong_email');
  }
  await db.transaction((tx) => anonymiseAccount(tx, userId));
  return { message: ACCOUNT_DATA_MESSAGES.deleted };
}

/**
 * Closes the account in the caller's transaction: each owning module deletes or anonymises its own
 * rows (auth, mfa, oidc, digest, access, the outbox, engagement, videos, campaigns), in this order.
 */
export async function anonymiseAccount(tx: Database, userId: string): Promise<void> {
  const user = await lockUserRow(tx, userId);
  if (!user || user.deletedAt) throw notFound(SESSION_MESSAGES.accountNotFound);
  const roles = (await roleRowsOf(tx, userId)).map((row) => row.role);
  const short = userId.replaceAll('-', '').slice(0, 12);

  // Texts kept in the outbox for their phone factors (mfa.phone.ts) go with the factors.
  await deleteAccountTexts(tx, userId);

  // Sign-in methods and everything that proves who they are.
  await deleteSessionsOf(tx, userId);
  await deleteEmailTokensOf(tx, userId);
  await dropAllFactors(tx, userId);
  await deleteAccountIdentities(tx, userId);
  await deleteAccountDigests(tx, userId);

  // What is kept under their address elsewhere, only for the one who proved the address: an
  // unproven account (maybe a stranger who signed up with it) leaves it to its owner (decision 022).
  if (user.emailVerifiedAt) {
    await deleteAccessByEmail(tx, user.email);
    await deleteMailTo(tx, user.email);
  }

  // Their activity on others' videos; the counters follow the rows.
  await deleteAccountEngagement(tx, userId);

  // Their ads leave the feed and review; rejected media is purged by maintenance.
  const withdrawn = await withdrawCreatorVideos(tx, userId);
  // A brand's open briefs close: nobody is there to review entries.
  const closed = await closeOpenBriefsOf(tx, userId);
  // The ledger keeps every row and amount, without the person (transactions.creator_id: set null).
  await detachCreatorFromLedger(tx, userId);

  await anonymiseUser(tx, userId, {
    username: `deleted_${short}`,
    displayName: ACCOUNT_DATA_MESSAGES.deletedName,
  });

  await recordAudit(tx, {
    actor: { userId, roles },
    action: 'account.delete',
    targetType: 'user',
    targetId: userId,
    details: {
      roles,
      videosWithdrawn: withdrawn.length,
      campaignsClosed: closed.length,
    },
  });
}
