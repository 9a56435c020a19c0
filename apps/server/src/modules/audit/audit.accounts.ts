/**
 * What other modules ask the audit module about one account. The audit module owns audit_log
 * (db/schema/audit.ts; platform/audit.ts writes it); other modules call these, never
 * audit.queries. Caller today: account-data, exporting an account.
 */
import { desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

/** Entries the account made or that are about it (as user or account), newest first. */
export function exportAuditEntriesAbout(db: Database, userId: string) {
  return db
    .select()
    .from(auditLog)
    .where(
      or(
        eq(auditLog.actorId, userId),
        sql`${auditLog.targetType} in ('user', 'account') and ${auditLog.targetId} = ${userId}`,
      ),
    )
    .orderBy(desc(auditLog.createdAt));
}
