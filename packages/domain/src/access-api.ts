/**
 * The access API: join requests, invites, the whitelist and the mail outbox.
 */
import { z } from 'zod';
import { REQUESTABLE_ROLES, ROLES } from './roles';
import { ACCESS_REQUEST_STATUSES } from './statuses';

const isoTime = z.iso.datetime({ offset: true });

export const accessRequestCreatedSchema = z.object({
  /** `already_requested`: the same email asked before; no second row was made. */
  status: z.enum(['created', 'already_requested']),
  message: z.string(),
});

export const accessRequestRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(REQUESTABLE_ROLES),
  notes: z.string().nullable(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  createdAt: isoTime,
});
export type AccessRequest = z.infer<typeof accessRequestRowSchema>;
export const accessRequestListSchema = z.object({ requests: z.array(accessRequestRowSchema) });

export const inviteSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  role: z.enum(REQUESTABLE_ROLES),
  expiresAt: isoTime,
  isUsed: z.boolean(),
  usedAt: isoTime.nullable(),
  usedByUsername: z.string().nullable(),
  createdAt: isoTime,
  /** Used, Expired or Active (docs/product.md §4), computed by the server at the time of the answer. */
  status: z.enum(['Used', 'Expired', 'Active']),
});
export type Invite = z.infer<typeof inviteSchema>;
export const inviteListSchema = z.object({ invites: z.array(inviteSchema) });

export const whitelistEntrySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  roleAllowed: z.enum(ROLES),
  createdAt: isoTime,
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;
export const whitelistListSchema = z.object({ entries: z.array(whitelistEntrySchema) });

export const outboxMailSchema = z.object({
  id: z.uuid(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  kind: z.string(),
  createdAt: isoTime,
  sentAt: isoTime.nullable(),
  /**
   * The body is withheld (textBody is OUTBOX_TEXTS.hiddenBody, htmlBody null): it carries a link
   * or code meant only for its recipient (decision 024).
   */
  bodyHidden: z.boolean(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxListSchema = z.object({
  mails: z.array(outboxMailSchema),
  /** `outbox`: mail is kept here (no SMTP_URL); `smtp`: it is sent. */
  delivery: z.enum(['outbox', 'smtp']),
  /**
   * Links and codes are shown: only on embedded defaults without SMTP outside production, where
   * the outbox is the only way to read mail.
   */
  secretsShown: z.boolean(),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

/** The outbox's texts (secrets stay with their owner), for the server and the screen. */
export const OUTBOX_TEXTS = {
  hiddenBody: 'Hidden: this mail carries a sign-in link or code meant only for its recipient.',
  /** What a delivered mail's stored body becomes once SMTP has taken it. */
  scrubbedBody:
    'Removed after delivery: this mail carried a sign-in link or code meant only for its recipient.',
  bannerShown:
    'This server runs on its embedded defaults without SMTP, outside production: mail is delivered here, so sign-in links and codes are shown in full. With SMTP_URL set, or in production, they are hidden.',
  bannerHiddenSmtp:
    'Mail goes out over SMTP. Sign-in links and codes are hidden here: they are meant only for their recipients.',
  bannerHiddenNoSmtp:
    'Sign-in links and codes are hidden here: they are meant only for their recipients. Set SMTP_URL so that mail reaches them.',
} as const;
