/**
 * A creator's public profile (SPEC.md §2 Profile): approved videos only, as the feed shows them
 * (from the videos module), and earnings from the bookings (recorded and paid).
 */
import { CAMPAIGN_ERRORS, type CreatorProfile } from '@adreel/domain';
import type { Database } from '../../db/client';
import { notFound } from '../../platform/errors';
import { type Actor, authorize } from '../../platform/policy';
import {
  hasPublishedVideo,
  listRecentPublished,
  publishedVideoTotals,
} from '../videos/videos.service';
import { maySeeOwnProfile, profileIsPublic } from './campaigns.policy';
import { creatorEarnedCents } from './creator.queries';
import { findProfilePerson } from './profiles.queries';

/** How many recent videos the profile shows (SPEC.md §2: three recent videos). */
export const PROFILE_RECENT_VIDEOS = 3;

/** `publicOnly`: as another person sees it (campaigns.policy's profileIsPublic), else null. */
export async function findCreatorProfile(
  db: Database,
  userId: string,
  { publicOnly = false }: { publicOnly?: boolean } = {},
): Promise<CreatorProfile | null> {
  const found = await findProfilePerson(db, userId);
  if (!found) return null;
  const { isCreator, ...person } = found;
  if (
    publicOnly &&
    !profileIsPublic({
      isCreator,
      // Asked only when it decides.
      hasPublishedVideo: !isCreator && (await hasPublishedVideo(db, userId)),
    })
  )
    return null;
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

/** The caller's own profile (GET /api/profiles/me). */
export async function ownProfile(db: Database, actor: Actor): Promise<CreatorProfile> {
  authorize(maySeeOwnProfile(actor));
  const profile = await findCreatorProfile(db, actor.userId);
  if (!profile) throw notFound(CAMPAIGN_ERRORS.profileNotFound);
  return profile;
}

/** Another person's profile, when it is public (GET /api/profiles/:id). */
export async function publicProfile(db: Database, userId: string): Promise<CreatorProfile> {
  const profile = await findCreatorProfile(db, userId, { publicOnly: true });
  if (!profile) throw notFound(CAMPAIGN_ERRORS.profileNotFound);
  return profile;
}
