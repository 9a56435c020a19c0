/**
 * What other modules ask the reports module about one account. The reports module owns reports
 * (db/schema/reports.ts); other modules call these, never reports.queries. Caller today:
 * account-data, exporting an account.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reports } from '../../db/schema/reports';

/**
 * The reports the account filed, in the order the database returns them (no ORDER BY: the data
 * export lists them as they come, and its test reads that order).
 */
export function exportReportsBy(db: Database, reporterId: string) {
  return db.select().from(reports).where(eq(reports.reporterId, reporterId));
}

/** How many reports were filed on these videos, by anyone (the export counts, never lists them). */
export async function countReportsOn(db: Database, videoIds: readonly string[]): Promise<number> {
  return videoIds.length > 0 ? db.$count(reports, inArray(reports.videoId, [...videoIds])) : 0;
}
