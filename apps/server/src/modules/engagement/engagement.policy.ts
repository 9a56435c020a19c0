/**
 * Who may engage with a video (decision 029; SPEC.md §5–§6): liking, sharing, reporting and reading
 * one's own reports take a signed-in account, whatever its role; watching takes none. Which videos
 * take them (live ones only) is the videos module's rule (videos.service liveVideoLikes).
 */
import type { Actor } from '../../platform/policy';

/** Like, take back a like, share, report, list one's reports: any signed-in account. */
export function mayEngage(actor: Actor | null): actor is Actor {
  return actor !== null;
}
