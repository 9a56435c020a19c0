/**
 * The score of a video (decision 013). Pure:
 * the server's bulk recompute runs the same formula in SQL (modules/ranking), and a property test
 * holds the two equal.
 *
 * With views v, each rate is smoothed toward the platform mean m with weight 20,
 * r = (count + 20·m) / (v + 20), so a video with a handful of views cannot top the board by luck:
 * score = 0.35·watch + 0.25·(vt90 rate) + 0.20·min(1, like rate / 0.2)
 *       + 0.10·min(1, share rate / 0.05) + 0.10·min(1, click rate / 0.1),
 * decayed_score = score · 0.5^(hours since published_at / 48).
 */

export const SMOOTHING_WEIGHT = 20;
export const DECAY_HALF_LIFE_HOURS = 48;

export const SCORE_WEIGHTS = {
  watch: 0.35,
  vt90: 0.25,
  likes: 0.2,
  shares: 0.1,
  clicks: 0.1,
} as const;

/** The rate at which a term reaches its full weight. */
export const RATE_CAPS = { likes: 0.2, shares: 0.05, clicks: 0.1 } as const;

/** What the score reads of a video. */
export interface ScoreInputs {
  views: number;
  /** Mean furthest fraction over counted views, 0 to 1. */
  watchTimeAvg: number;
  vt90Count: number;
  likes: number;
  shares: number;
  clicks: number;
}

/** Platform means the rates are smoothed toward: watch is a fraction, the others per view. */
export interface PlatformMeans {
  watch: number;
  vt90: number;
  likes: number;
  shares: number;
  clicks: number;
}

export const ZERO_MEANS: PlatformMeans = { watch: 0, vt90: 0, likes: 0, shares: 0, clicks: 0 };

/**
 * The platform means over a set of videos (the recompute's: approved, last 60 days): total count
 * over total views, watch weighted by views. All zero while nothing has been viewed.
 */
export function platformMeans(videos: readonly ScoreInputs[]): PlatformMeans {
  let views = 0;
  let watch = 0;
  let vt90 = 0;
  let likes = 0;
  let shares = 0;
  let clicks = 0;
  for (const v of videos) {
    views += v.views;
    watch += v.watchTimeAvg * v.views;
    vt90 += v.vt90Count;
    likes += v.likes;
    shares += v.shares;
    clicks += v.clicks;
  }
  if (views === 0) return ZERO_MEANS;
  return {
    watch: watch / views,
    vt90: vt90 / views,
    likes: likes / views,
    shares: shares / views,
    clicks: clicks / views,
  };
}

/** (count + 20·m) / (v + 20). */
export function smoothedRate(count: number, views: number, mean: number): number {
  return (count + SMOOTHING_WEIGHT * mean) / (views + SMOOTHING_WEIGHT);
}

export function score(video: ScoreInputs, means: PlatformMeans): number {
  const v = video.views;
  const watch = smoothedRate(video.watchTimeAvg * v, v, means.watch);
  const vt90 = smoothedRate(video.vt90Count, v, means.vt90);
  const likes = smoothedRate(video.likes, v, means.likes);
  const shares = smoothedRate(video.shares, v, means.shares);
  const clicks = smoothedRate(video.clicks, v, means.clicks);
  return (
    SCORE_WEIGHTS.watch * watch +
    SCORE_WEIGHTS.vt90 * vt90 +
    SCORE_WEIGHTS.likes * Math.min(1, likes / RATE_CAPS.likes) +
    SCORE_WEIGHTS.shares * Math.min(1, shares / RATE_CAPS.shares) +
    SCORE_WEIGHTS.clicks * Math.min(1, clicks / RATE_CAPS.clicks)
  );
}

/** score · 0.5^(hours / 48); a publication time in the future does not raise it. */
export function decayedScore(value: number, hoursSincePublished: number): number {
  return value * 0.5 ** (Math.max(0, hoursSincePublished) / DECAY_HALF_LIFE_HOURS);
}

export function hoursBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / 3_600_000;
}
