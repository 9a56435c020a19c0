/**
 * Who may see which video's analytics (issue 19; decision 029: a named policy per rule).
 *
 * Brand side: brands and admins; a brand sees the videos approved into its own campaigns, an admin
 * every brand's. Creator side: creators and admins; a creator sees their own live videos, an admin
 * anyone's. A video outside the caller's reach is "not found", never "forbidden", so ids cannot be
 * probed.
 */
import type { AnalyticsSide } from '@adreel/domain/analytics-api';
import { type Actor, inArea } from '../../platform/policy';

/** The analytics of one side at all: the brand area's people, or the creator area's. */
export function mayUseAnalytics(actor: Actor | null, side: AnalyticsSide): boolean {
  return inArea(actor, side);
}

/** Whose brand's videos the brand side lists: the caller's own; null (every brand's) for an admin. */
export function analyticsBrandScope(actor: Actor): string | null {
  return actor.roles.includes('admin') ? null : actor.userId;
}

/** One video's analytics on one side, given who made it and which brand approved it (if any). */
export function maySeeVideoAnalytics(
  actor: Actor | null,
  side: AnalyticsSide,
  video: { creatorId: string; brandId: string | null },
): boolean {
  if (!actor || !mayUseAnalytics(actor, side)) return false;
  if (actor.roles.includes('admin')) return side === 'creator' || video.brandId !== null;
  return side === 'brand' ? video.brandId === actor.userId : video.creatorId === actor.userId;
}
