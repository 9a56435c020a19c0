/** The score recompute as a scheduled task (DESIGN.md §3: every 10 minutes). */
import type { Database } from '../../db/client';
import type { ScheduledTask } from '../../platform/scheduler';
import { recomputeScores } from './ranking.queries';

export const SCORE_RECOMPUTE_EVERY_MS = 10 * 60 * 1000;

export function scoreRecomputeTask(db: Database): ScheduledTask {
  return {
    name: 'scores.recompute',
    schedule: { everyMs: SCORE_RECOMPUTE_EVERY_MS },
    run: () => recomputeScores(db),
  };
}
