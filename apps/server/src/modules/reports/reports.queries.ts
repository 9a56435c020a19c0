/** The reports table's SQL: reports with their reporter (SPEC.md §7 "Reports"), deciding them. */
import { and, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { profiles, reports, users } from '../../db/schema';

const reporterProfile = alias(profiles, 'reporter_profile');

/** Reports with their reporter's username, newest first or recently closed first; at most 200. */
export function selectReportRows(
  db: Database,
  where: SQL | undefined,
  order: 'newest' | 'recently_closed' = 'newest',
) {
  return db
    .select({ report: reports, reporterUsername: reporterProfile.username })
    .from(reports)
    .leftJoin(reporterProfile, eq(reporterProfile.userId, reports.reporterId))
    .where(where)
    .orderBy(
      ...(order === 'recently_closed'
        ? [desc(reports.resolvedAt), desc(reports.id)]
        : [desc(reports.createdAt), desc(reports.id)]),
    )
    .limit(200);
}

export const reportIs = (id: string) => eq(reports.id, id);
export const openReports = () => eq(reports.status, 'open');
export const closedReports = () => ne(reports.status, 'open');

/** Locks a report for a decision (two admins deciding at once take turns); null when unknown. */
export async function lockReport(tx: Database, id: string) {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  return row ?? null;
}

/** Closes open reports with an outcome and returns each with its reporter's mail details. */
export async function closeReports(tx: Database, where: SQL, outcome: 'dismissed' | 'actioned') {
  const closed = await tx
    .update(reports)
    .set({ status: outcome, resolvedAt: new Date() })
    .where(and(where, eq(reports.status, 'open')))
    .returning();
  if (closed.length === 0) return [];
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      username: profiles.username,
      displayName: profiles.displayName,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      inArray(
        users.id,
        closed.map((r) => r.reporterId),
      ),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  return closed
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((report) => ({ report, reporter: byId.get(report.reporterId) }));
}

export function countOpenReports(db: Database): Promise<number> {
  return db.$count(reports, eq(reports.status, 'open'));
}
