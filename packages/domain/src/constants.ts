/** Business constants and limits from docs/product.md §9. A limit is named here, never a bare number elsewhere. */

export const DEFAULT_APP_NAME = 'Adreel';
export const TAGLINE = 'ads people actually want to watch';

export const FEED_PAGE_SIZE = 20;

/** A view counts after this much playback (docs/product.md §4, §9). */
export const VIEW_AFTER_SECONDS = 3;
export const WATCH_MILESTONES = [0.5, 0.9] as const;

export const BETA_TARGET = 100;

export const VIDEO_MAX_SECONDS = 30;
/**
 * How far past VIDEO_MAX_SECONDS a file may run by its audio: one audio frame (AAC: 1024 samples,
 * 21–23 ms; Opus: 20 ms), the padding an encoder leaves after a 30-second edit. The
 * rendition is cut at VIDEO_MAX_SECONDS all the same.
 */
export const VIDEO_AUDIO_PADDING_SECONDS = 0.05;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/**
 * What one person may have unfinished on the upload disk at once: this many uploads, and
 * this many bytes declared in all (three full-size videos; a few more when they are small).
 */
export const UPLOAD_MAX_UNFINISHED = 5;
export const UPLOAD_MAX_UNFINISHED_BYTES = 3 * VIDEO_MAX_BYTES;
/** An unfinished upload with no byte received for this long gives way to its owner's new one. */
export const UPLOAD_IDLE_MINUTES = 60;
/**
 * What an upload may cost to decode (decision 037), checked on the file's streams
 * before any decoding: a picture within 4K (VIDEO_MAX_LONG_SIDE × VIDEO_MAX_SHORT_SIDE, either way
 * round: UHD and DCI 4K, portrait or landscape), at most VIDEO_MAX_FRAME_RATE frames in any second
 * (a phone's 120 fps; 240 fps slow motion is exported slowed down), and at most
 * VIDEO_MAX_PIXELS_PER_SECOND decoded (that 4K box at 60 fps: 1080p may run at 120). The rendition
 * is 720×1280 at 60 fps at most, so nothing beyond is seen by a viewer.
 */
export const VIDEO_MAX_LONG_SIDE = 4096;
export const VIDEO_MAX_SHORT_SIDE = 2304;
export const VIDEO_MAX_FRAME_RATE = 120;
export const VIDEO_MAX_PIXELS_PER_SECOND = VIDEO_MAX_LONG_SIDE * VIDEO_MAX_SHORT_SIDE * 60;
/**
 * How many of one person's videos may wait for processing at once (status `processing`):
 * a new upload past it is refused (429 too_many_processing) until one is ready. As many as
 * the unfinished uploads one may hold (UPLOAD_MAX_UNFINISHED), so uploads started together from an
 * idle account all become videos.
 */
export const VIDEO_MAX_PROCESSING = UPLOAD_MAX_UNFINISHED;
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-m4v',
] as const;

export const LEADERBOARD_WINDOW_DAYS = 14;
/**
 * Counted views a video needs before the leaderboards rank it: below it a fresh upload's
 * smoothed rates are the platform mean and, barely decayed, it out-ranked ads people did watch. Set
 * to the score's smoothing weight (ranking.ts), the view count at which a video's own rates weigh
 * as much as the mean. Top Creators averages only such videos.
 */
export const LEADERBOARD_MIN_VIEWS = 20;
export const TOP_VIDEOS_LIMIT = 50;
export const PODIUM_SIZE = 3;
export const SCORE_RECOMPUTE_WINDOW_DAYS = 60;

export const INVITE_CODE_LENGTH = 8;
export const INVITE_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const INVITE_CODE_PATTERN = /^[A-Z0-9]{8}$/;
export const INVITE_DEFAULT_EXPIRY_DAYS = 7;
export const INVITE_MAX_EXPIRY_DAYS = 365;
export const INVITE_DEFAULT_COUNT = 1;
export const INVITE_MAX_COUNT = 100;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const DISPLAY_NAME_MAX = 100;
export const NAME_MAX = 100;
export const EMAIL_MAX = 255;
export const NOTES_MAX = 1000;
export const TITLE_MAX = 200;
export const CAPTION_MAX = 500;
export const INVITE_CODE_INPUT_MAX = 50;
export const REASON_MAX = 500;

export const REPORT_REVIEW_HOURS = 24;
export const JOIN_REDIRECT_MS = 1500;

/** Session refresh backoff (docs/product.md §9): starts at 200 ms and doubles. */
export const REFRESH_BACKOFF_START_MS = 200;
