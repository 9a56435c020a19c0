/** The audit log as admins read it (issue 7): a filtered page, and the values its filters offer. */
import type { AuditFacets, AuditPage, AuditQuery } from '@adreel/domain/audit-api';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../platform/policy';
import { mayReadAuditLog } from './audit.policy';
import { auditFacets, listAudit } from './audit.queries';

export function readAuditLog(db: Database, actor: Actor, query: AuditQuery): Promise<AuditPage> {
  authorize(mayReadAuditLog(actor));
  return listAudit(db, query);
}

export function readAuditFacets(db: Database, actor: Actor): Promise<AuditFacets> {
  authorize(mayReadAuditLog(actor));
  return auditFacets(db);
}
