/**
 * Housekeeping that any process may run at any time: each task is idempotent, so several processes
 * doing it at once only repeat harmless deletes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { pruneRateLimits } from './rate-limit';

const HOUR_MS = 60 * 60 * 1000;

export function startMaintenance(db: Database, logger: FastifyBaseLogger): () => void {
  const run = async () => {
    try {
      const pruned = await pruneRateLimits(db);
      if (pruned > 0) logger.debug({ pruned }, 'pruned expired rate-limit windows');
    } catch (error) {
      logger.warn({ err: error }, 'maintenance failed; it will run again');
    }
  };
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
