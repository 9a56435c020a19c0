/**
 * Delivers the outbox over SMTP when SMTP_URL is set (DESIGN.md §3 "Mail and jobs"). It runs when a
 * mail is committed (the outbox NOTIFYs, so whichever process is up hears it), and on an interval
 * for retries and for mail written while no process listened. Without SMTP nothing is sent: the
 * outbox is the delivery and admins read it in the app.
 */
import { OUTBOX_TEXTS } from '@adreel/domain';
import { and, asc, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database, DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Realtime } from '../realtime/notifications';
import { MAIL_CHANNEL, type OutboxRow } from './outbox';

/** A mail that failed this often stays in the outbox, with its last error, for a person to look at. */
export const MAX_DELIVERY_ATTEMPTS = 5;
export const RETRY_INTERVAL_MS = 60_000;
const BATCH_SIZE = 10;
const ERROR_MAX_LENGTH = 1000;

export interface Mailer {
  /** Sends what is pending now, in the background; safe to call as often as one likes. */
  kick(): void;
  /** Resolves when nothing is being sent; for tests and callers that must know. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerLogger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface MailerOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  database: DatabaseHandle;
  realtime: Realtime;
  log: MailerLogger;
  retryIntervalMs?: number;
}

const NO_SMTP: Mailer = { kick() {}, idle: async () => {}, close: async () => {} };

export async function startMailer(options: MailerOptions): Promise<Mailer> {
  const { config, database, realtime, log } = options;
  if (!config.smtpUrl) return NO_SMTP;
  const transport = nodemailer.createTransport(config.smtpUrl);
  const send = async (mail: OutboxRow) => {
    await transport.sendMail({
      from: config.mailFrom,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
    });
  };
  const claim = database.driver === 'postgres' ? claimLocked : claimInProcess;

  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const kick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = drain(database.db, claim, send)
      .catch((error: unknown) => log.error({ err: error }, 'sending the outbox failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };

  const unsubscribe = await realtime.subscribe(MAIL_CHANNEL, kick);
  const timer = setInterval(kick, options.retryIntervalMs ?? RETRY_INTERVAL_MS);
  timer.unref();
  kick();

  return {
    kick,
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      unsubscribe();
      while (running) await running;
      transport.close();
    },
  };
}

type Send = (mail: OutboxRow) => Promise<void>;
/** Sends up to one batch of pending mails, except those already tried in this run; returns their ids. */
type Claim = (db: Database, tried: string[], send: Send) => Promise<string[]>;

/** Sends batch after batch until nothing is pending; a mail that fails waits for the next run. */
async function drain(db: Database, claim: Claim, send: Send): Promise<void> {
  const tried: string[] = [];
  for (;;) {
    const batch = await claim(db, tried, send);
    if (batch.length === 0) return;
    tried.push(...batch);
  }
}

function pending(tried: string[]) {
  return and(
    isNull(mailOutbox.sentAt),
    lt(mailOutbox.attempts, MAX_DELIVERY_ATTEMPTS),
    tried.length > 0 ? notInArray(mailOutbox.id, tried) : undefined,
  );
}

/**
 * Several processes share one PostgreSQL server: each locks the rows it sends for the length of its
 * transaction, and SKIP LOCKED lets the others take the next rows instead of waiting or sending twice.
 */
const claimLocked: Claim = (db, tried, send) =>
  db.transaction(async (tx) => {
    const batch = await tx
      .select()
      .from(mailOutbox)
      .where(pending(tried))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    for (const mail of batch) await deliver(tx, mail, send);
    return batch.map((mail) => mail.id);
  });

/**
 * PGlite belongs to one process, whose dispatcher never runs twice at once, so no lock is needed;
 * and a transaction would hold PGlite's only connection for the whole SMTP conversation.
 */
const claimInProcess: Claim = async (db, tried, send) => {
  const batch = await db
    .select()
    .from(mailOutbox)
    .where(pending(tried))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(BATCH_SIZE);
  for (const mail of batch) await deliver(db, mail, send);
  return batch.map((mail) => mail.id);
};

async function deliver(db: Database, mail: OutboxRow, send: Send): Promise<void> {
  try {
    await send(mail);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        error: message.slice(0, ERROR_MAX_LENGTH),
      })
      .where(eq(mailOutbox.id, mail.id));
    return;
  }
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      sentAt: new Date(),
      error: null,
      // Delivered: a link or code for the recipient alone has no business staying in the database
      // (a backup, a leak); what was sent, to whom and when stays (decision 024).
      ...(mail.carriesSecret
        ? { textBody: OUTBOX_TEXTS.scrubbedBody, htmlBody: null, headers: null }
        : {}),
    })
    .where(eq(mailOutbox.id, mail.id));
}
