/**
 * A creator's public profile (SPEC.md §2 Profile): approved videos only, as the feed shows them
 * (from the videos module), and earnings from the bookings (recorded and paid).
 */
import type { CreatorProfile } from '@adreel/domain';
import type { Database } from '../../db/client';
import {
  hasPublishedVideo,
  listRecentPublished,
  publishedVideoTotals,
} from '../videos/videos.service';
import { creatorEarnedCents } from './creator.queries';
import { findProfilePerson } from './profiles.queries';

/** How many recent videos the profile shows (SPEC.md §2: three recent videos). */
export const PROFILE_RECENT_VIDEOS = 3;

/**
 * `publicOnly`: another person's profile is public only if they are a creator (or have published
 * videos); a brand's, viewer's or admin's account is "not found" to others.
 */
export async function findCreatorProfile(
  db: Database,
  userId: string,
  { publicOnly = false }: { publicOnly?: boolean } = {},
): Promise<CreatorProfile | null> {
  const found = await findProfilePerson(db, userId);
  if (!found) return null;
  const { isCreator, ...person } = found;
  if (publicOnly && !isCreator && !(await hasPublishedVideo(db, userId))) return null;
  const totals = await publishedVideoTotals(db, userId);
  const earningsCents = await creatorEarnedCents(db, userId);
  const recentVideos = await listRecentPublished(db, userId, PROFILE_RECENT_VIDEOS);
  return {
    ...person,
    displayName: person.displayName || person.username,
    ...totals,
    earningsCents,
    recentVideos,
  };
}
