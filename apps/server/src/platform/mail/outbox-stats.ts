/** The outbox as an operator watches it (/metrics): mail waiting to be sent, and mail given up on. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';
import { MAX_DELIVERY_ATTEMPTS } from './dispatcher';

export interface OutboxStats {
  /** Not sent yet, with attempts left. */
  pending: number;
  /** Seconds the oldest of those has waited; 0 when none waits. */
  oldestPendingSeconds: number;
  /** Not sent after every attempt: nobody will try again. */
  givenUp: number;
}

export async function outboxStats(db: Database): Promise<OutboxStats> {
  const result = await db.execute<{
    pending: number;
    oldest_pending_seconds: number | null;
    given_up: number;
  }>(sql`
    select
      count(*) filter (where ${mailOutbox.attempts} < ${MAX_DELIVERY_ATTEMPTS})::int as pending,
      extract(epoch from now() - min(${mailOutbox.createdAt})
        filter (where ${mailOutbox.attempts} < ${MAX_DELIVERY_ATTEMPTS}))::float8
        as oldest_pending_seconds,
      count(*) filter (where ${mailOutbox.attempts} >= ${MAX_DELIVERY_ATTEMPTS})::int as given_up
    from ${mailOutbox}
    where ${mailOutbox.sentAt} is null`);
  const row = result.rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSeconds: Math.max(0, Number(row?.oldest_pending_seconds ?? 0)),
    givenUp: Number(row?.given_up ?? 0),
  };
}
