/**
 * Which rung of a video's rendition ladder to play (issue 20): the first video of a session starts
 * on a rung chosen from what the browser knows, and later ones step up (or down) on the throughput
 * measured while earlier videos downloaded. Pure, so every connection profile is a unit test.
 */

/** One rendition of a video, as the feed API lists it. */
export interface Rung {
  /** Encoded pixel size of the rendition. */
  width: number;
  height: number;
  /** Average bit rate of the file, audio included, in bits per second. */
  bitrate: number;
}

/** What the browser says about its connection (the Network Information API, where it exists). */
export interface ConnectionHints {
  /** "slow-2g" | "2g" | "3g" | "4g" (Chromium caps what it reports at "4g"). */
  effectiveType?: string;
  /** Estimated downlink in Mbit/s, rounded and capped at 10 by the browser. */
  downlink?: number;
  /** The user asked to save data (Save-Data). */
  saveData?: boolean;
}

/** The element the video plays in, in CSS pixels, and the device pixel ratio. */
export interface Screen {
  width: number;
  height: number;
  pixelRatio: number;
}

/** With nothing known, assume a modest mobile link: the lowest rungs start fast on it. */
export const DEFAULT_DOWNLINK_BPS = 1_000_000;
/**
 * Share of the estimated throughput a rung's bit rate may use. Short clips are fetched whole
 * while the previous one plays, so the margin is for the estimate's error, not for buffering.
 */
export const FIRST_VIDEO_SAFETY = 0.6;
export const MEASURED_SAFETY = 0.8;
/** A pixel ratio beyond this adds bytes a phone screen cannot show at video viewing distance. */
export const MAX_PIXEL_RATIO = 2;

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

/**
 * The smallest rung that covers the screen: a vertical video shown over the element (object-fit
 * cover) needs its height to reach the element's device-pixel height. Never a rung above it.
 */
export function screenCap(rungs: readonly Rung[], screen: Screen): Rung {
  const sorted = byHeight(rungs);
  const ratio = Math.min(Math.max(screen.pixelRatio, 1), MAX_PIXEL_RATIO);
  const needed = Math.ceil(Math.max(screen.height, (screen.width * 16) / 9) * ratio);
  return sorted.find((rung) => rung.height >= needed) ?? (sorted.at(-1) as Rung);
}

/**
 * The rung to play. `measuredBps` is the throughput measured on earlier downloads (see
 * {@link ThroughputEstimate}); without it the browser's hints decide, or the default.
 */
export function chooseRung(
  rungs: readonly Rung[],
  screen: Screen,
  hints: ConnectionHints,
  measuredBps: number | null,
): Rung {
  if (rungs.length === 0) throw new Error('a video has at least one rendition');
  const sorted = byHeight(rungs);
  const lowest = sorted[0] as Rung;
  if (hints.saveData) return lowest;
  const cap = screenCap(sorted, screen);
  const usable = sorted.filter((rung) => rung.height <= cap.height);

  let budget: number;
  if (measuredBps !== null) {
    budget = measuredBps * MEASURED_SAFETY;
  } else if (hints.effectiveType && SLOW_TYPES.has(hints.effectiveType)) {
    return lowest;
  } else if (hints.downlink && hints.downlink > 0) {
    budget = hints.downlink * 1_000_000 * FIRST_VIDEO_SAFETY;
  } else {
    budget = DEFAULT_DOWNLINK_BPS * FIRST_VIDEO_SAFETY;
  }
  let chosen = lowest;
  for (const rung of usable) if (rung.bitrate <= budget) chosen = rung;
  return chosen;
}

/**
 * Throughput measured on finished downloads: an exponentially weighted mean of bits per second,
 * each sample weighted by its size, so a tiny (latency-bound) response cannot swing the estimate.
 * Samples under {@link MIN_SAMPLE_BYTES} are ignored.
 */
export class ThroughputEstimate {
  static readonly MIN_SAMPLE_BYTES = 64 * 1024;
  /** Bytes after which an old sample has half its weight. */
  static readonly HALF_LIFE_BYTES = 2 * 1024 * 1024;
  private weighted = 0;
  private weight = 0;

  /** A download of `bytes` that took `ms` milliseconds from request to last byte. */
  add(bytes: number, ms: number): void {
    if (bytes < ThroughputEstimate.MIN_SAMPLE_BYTES || ms <= 0) return;
    const bps = (bytes * 8 * 1000) / ms;
    const decay = 0.5 ** (bytes / ThroughputEstimate.HALF_LIFE_BYTES);
    this.weighted = this.weighted * decay + bps * (1 - decay);
    this.weight = this.weight * decay + (1 - decay);
  }

  /** Bits per second, or null before the first usable sample. */
  get bps(): number | null {
    return this.weight > 0 ? this.weighted / this.weight : null;
  }
}

function byHeight(rungs: readonly Rung[]): Rung[] {
  return [...rungs].sort((a, b) => a.height - b.height || a.bitrate - b.bitrate);
}
