/**
 * The audit log for admins (/admin/audit):
 * - `GET /api/admin/audit?actor=&action=&targetType=&from=&to=&cursor=` → auditPageSchema, newest
 *   first, AUDIT_PAGE_SIZE a page; `nextCursor` fetches the next (older) page.
 * - `GET /api/admin/audit/facets` → auditFacetsSchema: the actions and target types that occur.
 */
import { z } from 'zod';

export const AUDIT_PAGE_SIZE = 50;

const DAY_MESSAGE = 'Use a date like 2026-01-31';
/** A calendar day; year 0000 matches the ISO pattern but PostgreSQL has no year 0. */
const day = z.iso
  .date({ error: DAY_MESSAGE })
  .refine((value) => !value.startsWith('0000'), { error: DAY_MESSAGE });

export const auditQuerySchema = z
  .object({
    /** A username (case-insensitive, exact) or an account id. */
    actor: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    targetType: z.string().trim().max(100).optional(),
    /** UTC calendar days, both included. */
    from: day.optional(),
    to: day.optional(),
    cursor: z.string().max(200).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: 'The start date must be before the end date',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  actor: z
    .object({
      id: z.uuid(),
      /** Null when the account is gone or was deleted. */
      username: z.string().nullable(),
      displayName: z.string().nullable(),
      deleted: z.boolean(),
    })
    .nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditFacetsSchema = z.object({
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

export const AUDIT_MESSAGES = {
  loadFailed: 'Error loading the audit log',
  empty: 'No entries match these filters.',
  badCursor: 'This page of the audit log is no longer valid; start from the first page.',
} as const;
