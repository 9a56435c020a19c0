/**
 * What a batch of one viewer's events reached on a video (DESIGN.md §3), pure. metrics.service.ts
 * merges it into the viewer's 24 h window: a window's view counts once; the 50 % and 90 % milestones and the click count once per window; watch time is the furthest fraction
 * reached, and a counted view's furthest fraction is what watch_time_avg averages.
 */
import type { MetricEvent } from '@adreel/domain';

export interface WatchWindow {
  counted: boolean;
  reached50: boolean;
  reached90: boolean;
  clicked: boolean;
  /** Stored as a 4-byte real; kept at that precision here so the sums match the rows exactly. */
  furthest: number;
}

export const EMPTY_WINDOW: WatchWindow = {
  counted: false,
  reached50: false,
  reached90: false,
  clicked: false,
  furthest: 0,
};

/** A fraction kept to 4 decimals (0.01 % of a 30 s clip is 3 ms): no denormal reaches the database. */
export function quantize(fraction: number): number {
  return Math.fround(Math.round(Math.min(1, Math.max(0, fraction)) * 10_000) / 10_000);
}

function reach(window: WatchWindow, fraction: number): WatchWindow {
  const furthest = Math.max(window.furthest, quantize(fraction));
  return {
    ...window,
    furthest,
    reached50: window.reached50 || furthest >= 0.5,
    reached90: window.reached90 || furthest >= Math.fround(0.9),
  };
}

/**
 * Applies one event. Increments of likes and shares, and any -1, change nothing here: likes and
 * shares are counted by their own endpoints from their rows, so a forged metric cannot inflate them.
 */
export function applyEvent(window: WatchWindow, event: MetricEvent): WatchWindow {
  switch (event.action) {
    case 'watch_time':
      return reach(window, event.watchPercentage);
    case 'watch_progress':
      return reach(window, event.fraction);
    case 'increment':
      if (event.increment !== 1) return window;
      switch (event.metricType) {
        case 'views':
          return { ...window, counted: true };
        case 'vt50_count':
          return reach(window, 0.5);
        case 'vt90_count':
          return reach(window, 0.9);
        case 'clicks':
          return { ...window, clicked: true };
        default:
          return window;
      }
  }
}
