import { VIEW_AFTER_SECONDS } from '@adreel/domain';

/*
 * The counting rules the feed needs, without importing packages/domain's traffic-api.ts: that module
 * also holds a zod schema used elsewhere, so importing it brings all of zod into /feed (187 kB
 * gzipped, over the 170 kB budget). counting.test.ts holds these equal to traffic-api.ts's
 * constants; once those sit in a zod-free module, import them from there and drop this file.
 */

/** A view counts after this much viewable playback (SPEC.md §4: VIEW_AFTER_SECONDS). */
export const VIEW_MIN_PLAYBACK_MS = VIEW_AFTER_SECONDS * 1000;
/** … with at least this fraction of the video on screen (traffic-api.ts VIEW_MIN_VISIBLE_FRACTION). */
export const VIEW_MIN_VISIBLE_FRACTION = 0.5;
/** The header a signed-out feed request carries the device id in (traffic-api.ts DEVICE_ID_HEADER). */
export const DEVICE_ID_HEADER = 'X-Device-Id';
