/**
 * Every mail is first written to the outbox, in the same transaction as the change it reports, so a
 * mail is never sent for a change that rolled back nor lost for one that committed (transactional
 * outbox). Without SMTP the outbox is the delivery; with SMTP a dispatcher sends pending rows.
 */
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { notify } from '../realtime/notifications';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. verify_email, reset_password, access_request. */
  kind: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on a digest. */
  headers?: Record<string, string>;
  /**
   * Whether the mail carries a link or code meant only for its recipient (a sign-in, verification,
   * reset or unsubscribe link, a code): admins then see that it was written but not its body, and
   * the sender scrubs the body once SMTP has it (decision 024). Unset counts as true, so a new mail
   * is private until its builder says `carriesSecret: false` (a notice with nothing to take over).
   */
  carriesSecret?: boolean;
}

/** Told on commit that mail is waiting, so a dispatcher in any process can send it at once. */
export const MAIL_CHANNEL = 'mail_outbox';

export async function enqueueMail(db: Database, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    kind: message.kind,
    headers: message.headers ?? null,
    carriesSecret: message.carriesSecret ?? true,
  });
  await notify(db, MAIL_CHANNEL);
}

/**
 * Whether admins read links and codes in the outbox: only on embedded defaults without SMTP outside
 * production, where the outbox is the only way anyone reads mail (development, tests, a demo).
 */
export function outboxShowsSecrets(config: Pick<Config, 'env' | 'smtpUrl'>): boolean {
  return config.env !== 'production' && !config.smtpUrl;
}

export const OUTBOX_PAGE_SIZE = 100;

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The latest mails, newest first, for the admins' outbox page. */
export function listOutbox(db: Database, limit = OUTBOX_PAGE_SIZE): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

/** Deletes every mail kept for this address, sent or not: an account's own deletion. */
export async function deleteMailTo(tx: Database, address: string): Promise<void> {
  await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, address));
}
