/**
 * How Adreel counts (docs/decisions/030-counting-views.md): the view definition, the caps,
 * and the invalid traffic kept apart from the counted numbers. Server and web app read the numbers
 * from here; the "How we count" page states them in words.
 */
import { z } from 'zod';

/** A view counts after this much playback (docs/product.md §4: 3 s) … */
export const VIEW_MIN_PLAYBACK_MS = 3000;
/** … while at least this fraction of the video is on screen, in a visible, focused tab. */
export const VIEW_MIN_VISIBLE_FRACTION = 0.5;
/** One counted view per viewer (user or device) and video in this many hours. */
export const VIEW_DEDUPE_HOURS = 24;
/** At most this many counted views per network address and video per VIEW_DEDUPE_HOURS. */
export const VIEWS_PER_IP_PER_DAY = 3;
/** An impression token (one per video in a feed page) is good for this long after it was served. */
export const IMPRESSION_TOKEN_TTL_MINUTES = 120;
/** Events one impression token may carry in all (a view, milestones, progress, a click, …). */
export const IMPRESSION_TOKEN_MAX_USES = 20;
/** Claimed playback may exceed the time since the token was served by at most this much. */
export const IMPRESSION_TIMING_SLACK_MS = 1000;
/** The header a signed-out client sends its device id in on feed requests. */
export const DEVICE_ID_HEADER = 'X-Device-Id';

/** General invalid traffic (MRC GIVT) and the caps: why an event was not counted. */
export const INVALID_TRAFFIC_REASONS = [
  'bot_user_agent',
  'missing_token',
  'invalid_token',
  'token_overused',
  'impossible_timing',
  'ip_cap',
  'viewer_cap',
] as const;
export type InvalidTrafficReason = (typeof INVALID_TRAFFIC_REASONS)[number];

/** Plain words for brands and creators. */
export const INVALID_TRAFFIC_REASON_LABELS: Record<InvalidTrafficReason, string> = {
  bot_user_agent: 'Known bot or automated browser',
  missing_token: 'Not served by the feed',
  invalid_token: 'Invalid or expired impression',
  token_overused: 'Replayed impression',
  impossible_timing: 'Impossible timing',
  ip_cap: 'Over the per-address limit',
  viewer_cap: 'Repeat view',
};

/**
 * Views that were not counted, beside the counted figures: `views` in all and by reason (the
 * reasons add up to `views`; a reason with none is left out).
 */
export const filteredTrafficSchema = z.object({
  views: z.number().int(),
  byReason: z.partialRecord(z.enum(INVALID_TRAFFIC_REASONS), z.number().int()),
});
export type FilteredTraffic = z.infer<typeof filteredTrafficSchema>;

export const NO_FILTERED_TRAFFIC: FilteredTraffic = { views: 0, byReason: {} };
