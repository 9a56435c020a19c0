/** Housekeeping of issue 16 as a scheduled task: expired impression tokens' use counts go hourly. */
import type { Database } from '../../db/client';
import type { ScheduledTask } from '../../platform/scheduler';
import { pruneTokenUses } from './traffic.queries';

export const TOKEN_USES_PRUNE_EVERY_MS = 60 * 60 * 1000;

export function tokenUsesPruneTask(db: Database): ScheduledTask {
  return {
    name: 'metrics.prune-token-uses',
    schedule: { everyMs: TOKEN_USES_PRUNE_EVERY_MS },
    run: () => pruneTokenUses(db, new Date()),
  };
}
