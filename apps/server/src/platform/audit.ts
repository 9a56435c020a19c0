/**
 * The audit log (db/schema/audit.ts): who did what to which row. Written with the caller's
 * transaction, so an entry exists exactly when the change it describes commits.
 */
import type { Role } from '@adreel/domain/roles';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditActor {
  userId: string;
  roles: readonly Role[];
}

export interface AuditEntry {
  actor: AuditActor;
  /** Dotted verb, e.g. 'video.approve', 'whitelist.add'. */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
}

/** The role the actor acted as: admin when they hold it (every audited action is an admin's). */
function actingRole(roles: readonly Role[]): Role | null {
  if (roles.includes('admin')) return 'admin';
  return roles[0] ?? null;
}

export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.userId,
    actorRole: actingRole(entry.actor.roles),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
  });
}
