/** The outbox as an admin reads it (DESIGN.md §3): without SMTP it is where mail is delivered. */
import { OUTBOX_TEXTS, type OutboxList, type OutboxMail } from '@adreel/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { listOutbox, type OutboxRow, outboxShowsSecrets } from '../../platform/mail/outbox';
import { type Actor, authorize } from '../../platform/policy';
import { mayReadMailBody, mayReadOutbox } from './admin.policy';

/** A mail as an admin sees it: always who, what and when; its body as mayReadMailBody says. */
function toOutboxMail(row: OutboxRow, secretsShown: boolean): OutboxMail {
  const hidden = !mayReadMailBody(row, secretsShown);
  return {
    id: row.id,
    toAddress: row.toAddress,
    subject: row.subject,
    textBody: hidden ? OUTBOX_TEXTS.hiddenBody : row.textBody,
    htmlBody: hidden ? null : row.htmlBody,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    bodyHidden: hidden,
  };
}

/** The latest mails, newest first, and how this server delivers them. */
export async function readOutbox(db: Database, config: Config, actor: Actor): Promise<OutboxList> {
  authorize(mayReadOutbox(actor));
  const secretsShown = outboxShowsSecrets(config);
  return {
    mails: (await listOutbox(db)).map((row) => toOutboxMail(row, secretsShown)),
    delivery: config.smtpUrl ? 'smtp' : 'outbox',
    secretsShown,
  };
}
