/** The queue as an operator watches it (/metrics): jobs by queue and state, and the oldest wait. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema/jobs';

export interface QueueStats {
  queue: string;
  state: 'queued' | 'running' | 'failed';
  count: number;
  /** queued: seconds since the oldest job became due (its run_at); null when none is due yet. */
  oldestDueSeconds: number | null;
}

/** Jobs not done, by queue and state; failed ones stay until pruned (pruneFinishedJobs). */
export async function queueStats(db: Database): Promise<QueueStats[]> {
  const result = await db.execute<{
    queue: string;
    state: QueueStats['state'];
    count: number;
    oldest_due_seconds: number | null;
  }>(sql`
    select ${jobs.queue} as queue, ${jobs.state} as state, count(*)::int as count,
      extract(epoch from now() - min(${jobs.runAt}) filter (where ${jobs.runAt} <= now()))::float8
        as oldest_due_seconds
    from ${jobs}
    where ${jobs.state} in ('queued', 'running', 'failed')
    group by 1, 2`);
  return result.rows.map((row) => ({
    queue: row.queue,
    state: row.state,
    count: Number(row.count),
    oldestDueSeconds: row.oldest_due_seconds === null ? null : Number(row.oldest_due_seconds),
  }));
}
