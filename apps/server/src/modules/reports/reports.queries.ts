/** The reports table's SQL: reports with their reporter (SPEC.md §7 "Reports"), deciding them. */
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reports } from '../../db/schema/reports';
import { accountDirectory, accountDirectoryAs } from '../auth/auth.directory';

const reporterProfile = accountDirectoryAs('reporter_profile');

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
      id: accountDirectory.userId,
      email: accountDirectory.email,
      username: accountDirectory.username,
      displayName: accountDirectory.displayName,
    })
    .from(accountDirectory)
    .where(
      inArray(
        accountDirectory.userId,
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

export type ReportRow = typeof reports.$inferSelect;

/** Files an open report; undefined when the reporter already has one open on the video. */
export async function insertOpenReport(
  tx: Database,
  report: { videoId: string; reporterId: string; reason: string },
): Promise<ReportRow | undefined> {
  const [row] = await tx
    .insert(reports)
    .values(report)
    .onConflictDoNothing({
      target: [reports.videoId, reports.reporterId],
      where: sql`${reports.status} = 'open'`,
    })
    .returning();
  return row;
}

/** The reporter's open report on the video, if any. */
export async function findOpenReport(
  tx: Database,
  videoId: string,
  reporterId: string,
): Promise<ReportRow | undefined> {
  const [open] = await tx
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.videoId, videoId),
        eq(reports.reporterId, reporterId),
        eq(reports.status, 'open'),
      ),
    );
  return open;
}

/** The reporter's own reports, newest first. */
export function listReportsBy(db: Database, reporterId: string): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}
