/**
 * The admin's tab counts, live (issue 7: "tabs Pending Videos and Reports with live counts"). Database
 * triggers (migration 0009) NOTIFY `admin_counts` whenever a video enters or leaves review or a report
 * is filed or closed, whichever module or process made the change; each process listens once and
 * reads the counts once per burst of notifications for all of its open streams (live-read.ts).
 */
import type { AdminCounts } from '@adreel/domain';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../platform/policy';
import {
  createLiveRead,
  type LiveListener,
  type LiveReadLog,
} from '../../platform/realtime/live-read';
import type { Realtime } from '../../platform/realtime/notifications';
import { adminCounts } from '../reports/reports.service';
import { mayWatchAdminCounts } from './admin-live.policy';

export const ADMIN_COUNTS_CHANNEL = 'admin_counts';

/** The same counts as GET /api/admin/counts. */
export function readAdminCounts(db: Database, actor: Actor): Promise<AdminCounts> {
  authorize(mayWatchAdminCounts(actor));
  return adminCounts(db);
}

export function createAdminCountsFeed(realtime: Realtime, db: Database, log: LiveReadLog) {
  return createLiveRead(realtime, {
    channel: ADMIN_COUNTS_CHANNEL,
    read: () => adminCounts(db),
    what: 'admin counts',
    log,
  });
}

export type AdminCountsFeed = ReturnType<typeof createAdminCountsFeed>;

/** One admin's stream joins the feed; resolves once it will miss no change. */
export function watchAdminCounts(
  feed: AdminCountsFeed,
  actor: Actor,
  listener: LiveListener<AdminCounts>,
): Promise<() => void> {
  authorize(mayWatchAdminCounts(actor));
  return feed.subscribe(listener);
}
