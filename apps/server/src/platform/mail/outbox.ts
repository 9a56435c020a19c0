/**
 * Every mail is first written to the outbox, in the same transaction as the change it reports, so a
 * mail is never sent for a change that rolled back nor lost for one that committed (transactional
 * outbox). Without SMTP the outbox is the delivery; with SMTP a dispatcher sends pending rows.
 */
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. verify_email, reset_password, access_request. */
  kind: string;
}

export async function enqueueMail(db: Database, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    kind: message.kind,
  });
}
