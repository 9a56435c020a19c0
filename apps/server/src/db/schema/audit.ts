import { ROLES } from '@adreel/domain/roles';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, isOneOf } from './columns';

/**
 * Who did what to which row, for admin and money actions. Append-only: a trigger (migration
 * 0001_audit_log_append_only) refuses UPDATE and DELETE. actor_id has no foreign key on purpose: the
 * entry must survive the actor's account and must never be rewritten by an ON DELETE action.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role', { enum: ROLES }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    /** Text, not uuid: a target may be keyed by something else (an e-mail, an invite code). */
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'audit_log_actor_role_known',
      sql`${t.actorRole} is null or ${isOneOf(t.actorRole, ROLES)}`,
    ),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
