/**
 * The access API (issue 3): join requests, invites, the whitelist and the mail outbox.
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
  /** Used, Expired or Active (SPEC.md §4), computed by the server at the time of the answer. */
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
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxListSchema = z.object({ mails: z.array(outboxMailSchema) });
