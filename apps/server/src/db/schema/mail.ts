import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';

/**
 * Every mail the app sends passes through here (DESIGN.md §3 "Mail and jobs"). Without SMTP the
 * outbox is the delivery: admins read it in the app. With SMTP, sent_at and error record the attempt.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** What the mail is for, e.g. access_request, access_approved, weekly_digest, test_digest. */
    kind: text('kind').notNull(),
    /** Extra headers, e.g. List-Unsubscribe on a digest (RFC 8058); null for none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * The body holds a link or code meant only for the recipient (sign-in, verification, reset,
     * unsubscribe, a texted code): admins see the mail but not its body, and once SMTP has
     * delivered it the body is scrubbed (decision 024). True unless the builder says otherwise.
     */
    carriesSecret: boolean('carries_secret').notNull().default(true),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    error: text('error'),
  },
  (t) => [
    check('mail_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);
