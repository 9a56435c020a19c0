/**
 * Housekeeping that any process may run at any time: each task is idempotent, so several processes
 * doing it at once only repeat harmless deletes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { pruneFinishedJobs } from './jobs/queue';
import { pruneRateLimits } from './rate-limit';

const HOUR_MS = 60 * 60 * 1000;

/** A module's own housekeeping; returns how many things it cleaned up. */
export interface MaintenanceTask {
  name: string;
  run(): Promise<number>;
}

/** The built-in tasks, then the modules' own; one failing task does not stop the others. */
export async function runMaintenance(
  db: Database,
  logger: FastifyBaseLogger,
  tasks: readonly MaintenanceTask[] = [],
): Promise<void> {
  const all: MaintenanceTask[] = [
    { name: 'expired rate-limit windows', run: () => pruneRateLimits(db) },
    { name: 'finished jobs', run: () => pruneFinishedJobs(db) },
    ...tasks,
  ];
  for (const task of all) {
    try {
      const count = await task.run();
      if (count > 0) logger.debug({ count }, `maintenance: ${task.name}`);
    } catch (error) {
      logger.warn({ err: error, task: task.name }, 'maintenance failed; it will run again');
    }
  }
}

export function startMaintenance(
  db: Database,
  logger: FastifyBaseLogger,
  tasks: readonly MaintenanceTask[] = [],
): () => void {
  const timer = setInterval(() => void runMaintenance(db, logger, tasks), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
