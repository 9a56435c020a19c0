/** Reports of videos and what became of them (SPEC.md §7 "Reports"); the reports module owns them. */
import { REASON_MAX } from '@adreel/domain/constants';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, isOneOf, timestamptz } from './columns';
import { users } from './users';
import { videos } from './videos';

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reports = pgTable(
  'reports',
  {
    id: id(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    // Non-blank (SPEC.md §5 "Please provide a reason") and at most REASON_MAX characters.
    check(
      'reports_reason_length',
      sql`char_length(btrim(${t.reason})) >= 1 and char_length(${t.reason}) <= ${sql.raw(String(REASON_MAX))}`,
    ),
    check('reports_status_known', isOneOf(t.status, REPORT_STATUSES)),
    check('reports_resolved_consistent', sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    index('reports_video_idx').on(t.videoId),
    // One open report per reporter and video (issue 13): a repeat finds this one instead.
    uniqueIndex('reports_open_once').on(t.videoId, t.reporterId).where(sql`${t.status} = 'open'`),
  ],
);
