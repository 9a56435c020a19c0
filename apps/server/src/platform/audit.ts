/**
 * The audit log (db/schema/audit.ts): who did what to which row. Written with the caller's
 * transaction, so an entry exists exactly when the change it describes commits.
 */
import { primaryRole, type Role } from '@adreel/domain/roles';
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

/**
 * The role the actor acted as: the highest they hold (admin, brand, creator, viewer). Not the first
 * stored: a brand signed up from the whitelist holds viewer from sign-up and brand from proving the
 * address, and the log called their campaigns a viewer's (issue 18).
 */
function actingRole(roles: readonly Role[]): Role | null {
  return roles.length === 0 ? null : primaryRole(roles);
}

/** A lone UTF-16 surrogate: JSON.stringify escapes it (\\udfff), and jsonb refuses the escape. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Details as jsonb takes them: every string well formed (a lone surrogate becomes U+FFFD, as the
 * text columns store it). User text reaches the details (a campaign's title), and a title sent
 * as "\\udfff\\ud800" made the whole request fail (the fuzz suite found it).
 */
export function wellFormedDetails(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd');
  if (Array.isArray(value)) return value.map(wellFormedDetails);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        wellFormedDetails(key) as string,
        wellFormedDetails(inner),
      ]),
    );
  return value;
}

export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.userId,
    actorRole: actingRole(entry.actor.roles),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: wellFormedDetails(entry.details ?? {}) as Record<string, unknown>,
  });
}
