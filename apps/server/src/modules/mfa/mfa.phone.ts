/**
 * Phone factors (issue 7 item 6; decision 014): numbers in E.164, six-digit codes texted through an
 * SmsSender. The default sender keeps texts in the outbox (kind "sms"), where admins read them at
 * /admin/outbox, as mail is kept without SMTP; a real SMS provider implements SmsSender instead.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';
import { hashSecret } from '../auth/auth.secrets';

export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes one texted code survives; then it is spent and a new one must be asked for. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** Texts cost money and reach a stranger's phone: a few per user and per number an hour. */
export const PHONE_RATE_LIMITS = {
  perUser: { name: 'sms:user', limit: 5, windowSeconds: 60 * 60 },
  perNumber: { name: 'sms:number', limit: 20, windowSeconds: 60 * 60 },
} as const;

/** The number in E.164 if it is a valid number of some country, else null. */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** All but the last four digits hidden, for lists: "+447911123456" → "+•••••••••3456". */
export function phoneHint(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return `+${'•'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

export function newPhoneCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Bound to the factor, so a code hash is worthless for any other factor. */
export function hashPhoneCode(factorId: string, code: string): string {
  return hashSecret(`${factorId}:${code}`);
}

export interface TextMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  send(db: Database, message: TextMessage): Promise<void>;
}

/** The default: the text is delivered to the outbox, already marked sent so SMTP never mails it. */
export const outboxSmsSender: SmsSender = {
  async send(db, message) {
    await db.insert(mailOutbox).values({
      toAddress: message.to,
      subject: `Text message to ${message.to}`,
      textBody: message.text,
      kind: 'sms',
      // A sign-in code: admins never read it outside the embedded no-SMTP setup (decision 024).
      carriesSecret: true,
      sentAt: new Date(),
    });
  },
};

/** Deletes the texts kept in the outbox for these numbers (the phone factors of a closing account). */
export async function deleteTextsTo(tx: Database, phones: readonly string[]): Promise<void> {
  if (phones.length === 0) return;
  await tx
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'sms'), inArray(mailOutbox.toAddress, [...phones])));
}
