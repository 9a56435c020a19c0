/**
 * The weekly digest (issue 7; DESIGN.md §3 "Mail and jobs"): every Monday 09:00 UTC each user who did
 * not opt out gets the week's top videos and the open campaigns, creators their own week as well.
 * The mail and the user's row in digest_sends are written in one transaction: a run that dies half
 * way and is run again sends the rest, never a second copy (the row's key is user + week).
 */
import { SESSION_MESSAGES } from '@adreel/domain';
import { DIGEST_MESSAGES } from '@adreel/domain/digest-api';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { digestPreferences, digestSends } from '../../db/schema/digest';
import { notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { type Actor, authorize } from '../../platform/policy';
import { type DigestMailSettings, digestMail } from './digest.mail';
import { mayTestDigest } from './digest.policy';
import {
  creatorWeek,
  type DigestContent,
  type DigestRecipient,
  digestContent,
  digestRecipients,
  recipientById,
} from './digest.queries';
import { weekBefore, weekOf } from './digest.schedule';
import { unsubscribeKeyFor, unsubscribeToken } from './digest.tokens';

export function unsubscribeUrl(settings: DigestMailSettings, token: string): string {
  return `${settings.publicUrl}/api/digest/unsubscribe?token=${encodeURIComponent(token)}`;
}

async function enqueueDigest(
  tx: Database,
  settings: DigestMailSettings,
  recipient: DigestRecipient,
  content: DigestContent,
  test: boolean,
): Promise<void> {
  const token = await unsubscribeToken(tx, recipient.userId);
  await enqueueMail(
    tx,
    digestMail(
      {
        to: recipient.email,
        name: recipient.name,
        content,
        ...(recipient.isCreator
          ? { creatorWeek: await creatorWeek(tx, recipient.userId, content.week) }
          : {}),
        unsubscribeUrl: unsubscribeUrl(settings, token),
        test,
      },
      settings,
    ),
  );
}

export interface DigestRunResult {
  weekOf: string;
  sent: number;
  skipped: number;
}

/** Sends the digest of the week `now` falls in to everyone who has not had it yet. */
export async function sendWeeklyDigest(
  db: Database,
  settings: DigestMailSettings,
  now = new Date(),
): Promise<DigestRunResult> {
  const week = weekOf(now);
  const content = await digestContent(db, weekBefore(now));
  const recipients = await digestRecipients(db);
  let sent = 0;
  for (const recipient of recipients) {
    const didSend = await db.transaction(async (tx) => {
      // Re-read under the transaction: an unsubscribe since the list was read is honoured at once.
      const [preference] = await tx
        .select({ subscribed: digestPreferences.subscribed })
        .from(digestPreferences)
        .where(eq(digestPreferences.userId, recipient.userId))
        .for('update');
      if (preference && !preference.subscribed) return false;
      const claimed = await tx
        .insert(digestSends)
        .values({ userId: recipient.userId, weekOf: week })
        .onConflictDoNothing()
        .returning({ userId: digestSends.userId });
      if (claimed.length === 0) return false;
      await enqueueDigest(tx, settings, recipient, content, false);
      return true;
    });
    if (didSend) sent += 1;
  }
  return { weekOf: week, sent, skipped: recipients.length - sent };
}

/** SPEC.md §7 send-weekly-digest with test: true — this week's digest, to the requesting admin only. */
export async function sendTestDigest(
  db: Database,
  settings: DigestMailSettings,
  actor: Actor,
  now = new Date(),
): Promise<{ message: string }> {
  authorize(mayTestDigest(actor));
  const recipient = await recipientById(db, actor.userId);
  if (!recipient) throw notFound(SESSION_MESSAGES.accountNotFound);
  const content = await digestContent(db, weekBefore(now));
  await db.transaction((tx) => enqueueDigest(tx, settings, recipient, content, true));
  return { message: DIGEST_MESSAGES.testSent };
}

export async function isSubscribed(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ subscribed: digestPreferences.subscribed })
    .from(digestPreferences)
    .where(eq(digestPreferences.userId, userId));
  return row?.subscribed ?? true;
}

export async function setSubscribed(
  db: Database,
  userId: string,
  subscribed: boolean,
): Promise<void> {
  await unsubscribeKeyFor(db, userId);
  await db
    .update(digestPreferences)
    .set({ subscribed, updatedAt: sql`now()` })
    .where(eq(digestPreferences.userId, userId));
}
