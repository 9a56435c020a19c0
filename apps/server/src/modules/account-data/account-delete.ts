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
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  campaigns,
  emailTokens,
  likes,
  mailOutbox,
  mfaFactors,
  profiles,
  sessions,
  shares,
  transactions,
  userRoles,
  users,
  viewEvents,
} from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { type Actor, authorize } from '../../platform/policy';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit';
import { deleteAccessByEmail } from '../access/access.accounts';
import { verifyPassword } from '../auth/auth.passwords';
import { deleteAccountDigests } from '../digest/digest.accounts';
import { dropAllFactors } from '../mfa/mfa.accounts';
import { deleteAccountIdentities } from '../oidc/oidc.accounts';
import { uncountEngagement, withdrawCreatorVideos } from '../videos/videos.service';
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
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw notFound(SESSION_MESSAGES.accountNotFound);
  if (user.passwordHash) {
    if (!input.password)
      throw badRequest(ACCOUNT_DATA_MESSAGES.passwordRequired, 'password_required');
    await rateLimiter.consume(RATE_LIMITS.signInPerAccount, userId);
    if (!(await verifyPassword(user.passwordHash, input.password)))
      throw badRequest(ACCOUNT_DATA_MESSAGES.wrongPassword, 'wrong_password');
  } else {
    const [session] = await db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.id, caller.sessionId));
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

export async function anonymiseAccount(tx: Database, userId: string): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.deletedAt) throw notFound(SESSION_MESSAGES.accountNotFound);
  const roles = (await tx.select().from(userRoles).where(eq(userRoles.userId, userId))).map(
    (row) => row.role,
  );
  const short = userId.replaceAll('-', '').slice(0, 12);

  // Texts kept in the outbox for their phone factors (mfa.phone.ts) go with the factors.
  const phones = (
    await tx
      .select({ phone: mfaFactors.phone })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.phone)))
  ).flatMap((row) => (row.phone ? [row.phone] : []));
  if (phones.length > 0)
    await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'sms'), inArray(mailOutbox.toAddress, phones)));

  // Sign-in methods and everything that proves who they are.
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  await dropAllFactors(tx, userId);
  await deleteAccountIdentities(tx, userId);
  await deleteAccountDigests(tx, userId);

  // What is kept under their address elsewhere.
  await deleteAccessByEmail(tx, user.email);
  await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, user.email));

  // Their activity on others' videos; the counters follow the rows.
  const liked = await tx
    .delete(likes)
    .where(eq(likes.userId, userId))
    .returning({ videoId: likes.videoId });
  const shared = await tx
    .delete(shares)
    .where(eq(shares.userId, userId))
    .returning({ videoId: shares.videoId });
  const sharesByVideo = new Map<string, number>();
  for (const row of shared)
    sharesByVideo.set(row.videoId, (sharesByVideo.get(row.videoId) ?? 0) + 1);
  await uncountEngagement(
    tx,
    liked.map((row) => row.videoId),
    sharesByVideo,
  );
  await tx
    .update(viewEvents)
    .set({ userId: null, ip: null, viewerKey: sql`'x:' || ${viewEvents.id}::text` })
    .where(eq(viewEvents.userId, userId));

  // Their ads leave the feed and review; rejected media is purged by maintenance.
  const withdrawn = await withdrawCreatorVideos(tx, userId);
  // A brand's open briefs close: nobody is there to review entries.
  const closed = await tx
    .update(campaigns)
    .set({ status: 'closed' })
    .where(and(eq(campaigns.brandId, userId), eq(campaigns.status, 'open')))
    .returning({ id: campaigns.id });
  // The ledger keeps every row and amount, without the person (transactions.creator_id: set null).
  await tx.update(transactions).set({ creatorId: null }).where(eq(transactions.creatorId, userId));

  await tx
    .update(profiles)
    .set({
      username: `deleted_${short}`,
      displayName: ACCOUNT_DATA_MESSAGES.deletedName,
      photoUrl: null,
    })
    .where(eq(profiles.userId, userId));
  await tx
    .update(users)
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      emailVerifiedAt: null,
      passwordHash: null,
      requestedRole: null,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, userId));

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
