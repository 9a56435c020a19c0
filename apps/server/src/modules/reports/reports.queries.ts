/** Reports with their video, its creator and the reporter (SPEC.md §7 "Reports"). */
import type { AdminReport } from '@adreel/domain';
import { and, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { profiles, reports, users, videos } from '../../db/schema';

const reporterProfile = alias(profiles, 'reporter_profile');
const creatorProfile = alias(profiles, 'creator_profile');

export async function selectAdminReports(
  db: Database,
  where: SQL | undefined,
  order: 'newest' | 'recently_closed' = 'newest',
): Promise<AdminReport[]> {
  const rows = await db
    .select({
      report: reports,
      reporterUsername: reporterProfile.username,
      video: {
        id: videos.id,
        title: videos.title,
        caption: videos.caption,
        status: videos.status,
        fileUrl: videos.fileUrl,
        thumbUrl: videos.thumbUrl,
        creatorId: videos.creatorId,
      },
      creatorUsername: creatorProfile.username,
      creatorDisplayName: creatorProfile.displayName,
      creatorPhotoUrl: creatorProfile.photoUrl,
    })
    .from(reports)
    .innerJoin(videos, eq(videos.id, reports.videoId))
    .leftJoin(reporterProfile, eq(reporterProfile.userId, reports.reporterId))
    .leftJoin(creatorProfile, eq(creatorProfile.userId, videos.creatorId))
    .where(where)
    .orderBy(
      ...(order === 'recently_closed'
        ? [desc(reports.resolvedAt), desc(reports.id)]
        : [desc(reports.createdAt), desc(reports.id)]),
    )
    .limit(200);
  return rows.map((row) => ({
    id: row.report.id,
    reason: row.report.reason,
    status: row.report.status,
    createdAt: row.report.createdAt.toISOString(),
    resolvedAt: row.report.resolvedAt?.toISOString() ?? null,
    reporter: { id: row.report.reporterId, username: row.reporterUsername ?? 'unknown' },
    video: {
      id: row.video.id,
      title: row.video.title,
      caption: row.video.caption,
      status: row.video.status,
      fileUrl: row.video.fileUrl,
      thumbUrl: row.video.thumbUrl,
      creator: {
        id: row.video.creatorId,
        username: row.creatorUsername ?? '',
        displayName: row.creatorDisplayName ?? row.creatorUsername ?? '',
        photoUrl: row.creatorPhotoUrl,
      },
    },
  }));
}

export function listReports(db: Database, status: 'open' | 'closed') {
  return status === 'open'
    ? selectAdminReports(db, eq(reports.status, 'open'))
    : selectAdminReports(db, ne(reports.status, 'open'), 'recently_closed');
}

export async function findAdminReport(db: Database, id: string): Promise<AdminReport | null> {
  const [report] = await selectAdminReports(db, eq(reports.id, id));
  return report ?? null;
}

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
