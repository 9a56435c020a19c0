/** Reading the audit log (db/schema/audit.ts) for admins: filtered, newest first, keyset-paged. */
import {
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFacets,
  type AuditPage,
  type AuditQuery,
} from '@adreel/domain/audit-api';
import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { badRequest } from '../../platform/errors';
import { accountDirectory as actor } from '../auth/auth.directory';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor is the last entry's time (microseconds, as stored) and id. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !UUID.test(id) || Number.isNaN(Date.parse(createdAt)))
    throw badRequest(AUDIT_MESSAGES.badCursor, 'bad_cursor');
  return { createdAt, id };
}

const createdAtText = sql<string>`to_char(${auditLog.createdAt} at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function listAudit(db: Database, query: AuditQuery): Promise<AuditPage> {
  const conditions: (SQL | undefined)[] = [];
  if (query.actor) {
    conditions.push(
      UUID.test(query.actor)
        ? eq(auditLog.actorId, query.actor)
        : sql`lower(${actor.username}) = lower(${query.actor})`,
    );
  }
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
  if (query.from)
    conditions.push(
      sql`${auditLog.createdAt} >= (${query.from}::date)::timestamp at time zone 'utc'`,
    );
  if (query.to)
    conditions.push(
      sql`${auditLog.createdAt} < (${query.to}::date + 1)::timestamp at time zone 'utc'`,
    );
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      entry: auditLog,
      createdAtText,
      username: actor.username,
      displayName: actor.displayName,
      deletedAt: actor.deletedAt,
      userExists: sql<boolean>`${actor.userId} is not null`,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.userId, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);

  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const entries: AuditEntry[] = page.map((row) => {
    const deleted = row.deletedAt !== null || !row.userExists;
    return {
      id: row.entry.id,
      actor: row.entry.actorId
        ? {
            id: row.entry.actorId,
            username: deleted ? null : row.username,
            displayName: deleted ? null : row.displayName,
            deleted,
          }
        : null,
      actorRole: row.entry.actorRole,
      action: row.entry.action,
      targetType: row.entry.targetType,
      targetId: row.entry.targetId,
      details: row.entry.details,
      createdAt: row.entry.createdAt.toISOString(),
    };
  });
  const last = page.at(-1);
  return {
    entries,
    nextCursor:
      rows.length > AUDIT_PAGE_SIZE && last
        ? encodeCursor(last.createdAtText, last.entry.id)
        : null,
  };
}

export async function auditFacets(db: Database): Promise<AuditFacets> {
  const [actions, targetTypes] = await Promise.all([
    db.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
    db
      .selectDistinct({ value: auditLog.targetType })
      .from(auditLog)
      .where(isNotNull(auditLog.targetType))
      .orderBy(asc(auditLog.targetType)),
  ]);
  return {
    actions: actions.map((row) => row.value),
    targetTypes: targetTypes.flatMap((row) => (row.value ? [row.value] : [])),
  };
}
