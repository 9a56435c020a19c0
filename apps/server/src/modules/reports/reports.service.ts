/**
 * The admin's decisions on reports (SPEC.md §2 Admin Dashboard Reports; issue 5 item 6). Each is one
 * transaction: the report closes with its outcome, the audit row is written, and the reporter's
 * outcome mail goes into the outbox, so all three exist exactly when the decision commits.
 */
import { type AdminCounts, type AdminReport, FEED_MESSAGES } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { reports } from '../../db/schema/reports';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { type Actor, authorize } from '../../platform/policy';
import {
  countPendingVideos,
  listVideosById,
  rejectVideo,
  tellCreatorRejected,
  type WarnLog,
} from '../videos/videos.service';
import { reportOutcomeMail } from './reports.mail';
import { canDecideReport, mayReviewReports } from './reports.policy';
import {
  closedReports,
  closeReports,
  countOpenReports,
  lockReport,
  openReports,
  reportIs,
  selectReportRows,
} from './reports.queries';

/** Filing and listing a reporter's reports, for the engagement module (the Report button, My reports). */
export {
  findOpenReport,
  insertOpenReport,
  listReportsBy,
  type ReportRow,
} from './reports.queries';

export const REPORT_NOT_FOUND = 'Report not found';
export const REPORT_CLOSED = 'This report has already been closed';

type Closed = Awaited<ReturnType<typeof closeReports>>;

/** Reports with the video, its creator and the reporter, in the admin's shape. */
async function adminReports(
  db: Database,
  rows: Awaited<ReturnType<typeof selectReportRows>>,
): Promise<AdminReport[]> {
  // The videos with their creators come from the videos module (it owns the table).
  const videos = new Map(
    (
      await listVideosById(
        db,
        rows.map((row) => row.report.videoId),
      )
    ).map((video) => [video.id, video]),
  );
  return rows.flatMap((row) => {
    const video = videos.get(row.report.videoId);
    // reports.video_id cascades on delete; one gone meanwhile is left out, as a join would.
    if (!video) return [];
    return [
      {
        id: row.report.id,
        reason: row.report.reason,
        status: row.report.status,
        createdAt: row.report.createdAt.toISOString(),
        resolvedAt: row.report.resolvedAt?.toISOString() ?? null,
        reporter: { id: row.report.reporterId, username: row.reporterUsername ?? 'unknown' },
        video: {
          id: video.id,
          title: video.title,
          caption: video.caption,
          status: video.status,
          fileUrl: video.fileUrl,
          thumbUrl: video.thumbUrl,
          creator: video.creator,
        },
      },
    ];
  });
}

/** The admin's Reports tab: open ones newest first, or closed ones most recently closed first. */
export async function listReports(db: Database, actor: Actor, status: 'open' | 'closed') {
  authorize(mayReviewReports(actor));
  const rows =
    status === 'open'
      ? await selectReportRows(db, openReports())
      : await selectReportRows(db, closedReports(), 'recently_closed');
  return adminReports(db, rows);
}

export async function findAdminReport(db: Database, id: string): Promise<AdminReport | null> {
  const [report] = await adminReports(db, await selectReportRows(db, reportIs(id)));
  return report ?? null;
}

async function mailReporters(
  tx: Database,
  closed: Closed,
  videoTitle: string,
  settings: Pick<Config, 'appName' | 'publicUrl'>,
) {
  for (const { report, reporter } of closed) {
    if (!reporter) continue;
    await enqueueMail(
      tx,
      reportOutcomeMail(
        {
          to: reporter.email,
          reporterName: reporter.displayName ?? reporter.username ?? reporter.email,
          videoTitle,
          reason: report.reason,
          outcome: report.status === 'actioned' ? 'actioned' : 'dismissed',
        },
        settings,
      ),
    );
  }
}

async function openReport(tx: Database, id: string) {
  const report = await lockReport(tx, id);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  if (!canDecideReport(report)) throw conflict(REPORT_CLOSED, 'report_closed');
  return report;
}

async function videoTitle(tx: Database, reportId: string): Promise<string> {
  const report = await findAdminReport(tx, reportId);
  return report?.video.title ?? '';
}

/** The video stays up; only this report closes. */
export async function dismissReport(
  db: Database,
  settings: Pick<Config, 'appName' | 'publicUrl'>,
  reportId: string,
  actor: AuditActor,
) {
  authorize(mayReviewReports(actor));
  await db.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    const closed = await closeReports(tx, eq(reports.id, report.id), 'dismissed');
    await recordAudit(tx, {
      actor,
      action: 'report.dismiss',
      targetType: 'report',
      targetId: report.id,
      details: { videoId: report.videoId, reason: report.reason },
    });
    await mailReporters(tx, closed, await videoTitle(tx, report.id), settings);
  });
  const report = await findAdminReport(db, reportId);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  return { message: FEED_MESSAGES.reportDismissed, report };
}

/** What runs once a removal committed (e.g. deleting the media); a failure is only logged. */
export interface RemovalFollowUp {
  afterVideoRemoved: (videoId: string) => Promise<unknown>;
  log: WarnLog;
}

/**
 * Rejects the reported video (the admin's reject, from approved or pending) and closes every open
 * report on it as actioned: each reporter hears the outcome, and the creator is told, with the
 * admin's reason when given (issue 18).
 */
export async function removeReportedVideo(
  db: Database,
  settings: Pick<Config, 'appName' | 'publicUrl'>,
  reportId: string,
  actor: AuditActor,
  after?: RemovalFollowUp,
  reason?: string,
) {
  authorize(mayReviewReports(actor));
  const videoId = await db.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    const removed = await rejectVideo(tx, {
      videoId: report.videoId,
      actor,
      from: ['approved', 'pending'],
      details: reason ? { reportId: report.id, reason } : { reportId: report.id },
    });
    if (removed) await tellCreatorRejected(tx, removed, { reason, afterReport: true }, settings);
    const closed = await closeReports(tx, eq(reports.videoId, report.videoId), 'actioned');
    await recordAudit(tx, {
      actor,
      action: 'report.remove_video',
      targetType: 'report',
      targetId: report.id,
      details: {
        videoId: report.videoId,
        reason: report.reason,
        closedReports: closed.map((c) => c.report.id),
      },
    });
    await mailReporters(tx, closed, await videoTitle(tx, report.id), settings);
    return report.videoId;
  });
  // The response shows the report as the decision left it, before the media goes.
  const report = await findAdminReport(db, reportId);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  if (after)
    await after
      .afterVideoRemoved(videoId)
      .catch((error: unknown) =>
        after.log.warn({ err: error, videoId }, 'after-removal step failed; it will be retried'),
      );
  return { message: FEED_MESSAGES.videoRemoved, report };
}

/** GET /api/admin/counts: the admin tabs' counts, for an admin. */
export function adminCountsFor(db: Database, actor: Actor): Promise<AdminCounts> {
  authorize(mayReviewReports(actor));
  return adminCounts(db);
}

/**
 * The admin tabs' counts: pending videos and open reports. Unchecked: for adminCountsFor and the
 * admin-live stream, which reads once for all its subscribers (each authorized when it subscribes).
 */
export async function adminCounts(db: Database): Promise<AdminCounts> {
  const [pendingVideos, openReports] = await Promise.all([
    countPendingVideos(db),
    countOpenReports(db),
  ]);
  return { pendingVideos, openReports };
}
