/** The weekly digest as a scheduled task (DESIGN.md §3: Mondays 09:00 UTC), run once across processes. */
import type { Database } from '../../db/client';
import type { ScheduledTask } from '../../platform/scheduler';
import type { DigestMailSettings } from './digest.mail';
import { nextDigestTime } from './digest.schedule';
import { sendWeeklyDigest } from './digest.service';

export const WEEKLY_DIGEST_TASK = 'digest.weekly';

export function weeklyDigestTask(db: Database, settings: DigestMailSettings): ScheduledTask {
  return {
    name: WEEKLY_DIGEST_TASK,
    schedule: { next: nextDigestTime },
    run: () => sendWeeklyDigest(db, settings),
  };
}
