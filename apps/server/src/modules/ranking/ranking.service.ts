/**
 * The ranking module's service for other modules. Ranking owns the score columns' computation
 * (DESIGN.md §3 "Ranking"); others ask it to recompute, never run ranking.queries themselves.
 */
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { type Actor, authorize } from '../../platform/policy';
import { mayRecomputeScores } from './ranking.policy';
import { type RecomputeResult, recomputeScores } from './ranking.queries';

/**
 * Recomputes every approved video's score now, as the 10-minute task does. Pass a transaction to
 * have the new scores commit with the caller's own writes (the demo engagement seeding does).
 */
export function recomputeAllScores(db: Database): Promise<RecomputeResult> {
  return recomputeScores(db);
}

/** An admin's "recompute now" (the Tools tab): recomputes, then records who asked in the audit log. */
export async function recomputeScoresNow(db: Database, actor: Actor): Promise<{ updated: number }> {
  authorize(mayRecomputeScores(actor));
  const { updated } = await recomputeScores(db);
  await recordAudit(db, {
    actor,
    action: 'scores.recompute',
    targetType: 'videos',
    targetId: 'approved-last-60-days',
    details: { updated },
  });
  return { updated };
}
