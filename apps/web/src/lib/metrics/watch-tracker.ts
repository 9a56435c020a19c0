import type { MetricEvent } from '@adreel/domain';
import { VIEW_AFTER_SECONDS, WATCH_MILESTONES } from '@adreel/domain';

/**
 * A gap between two timeupdates longer than this is a seek or a stall, not playback. Browsers
 * fire timeupdate every 15–250 ms while playing.
 */
const MAX_TICK_SECONDS = 1.5;
/** A jump back from this close to the end is the loop starting over: the whole video was seen. */
const LOOP_SLACK_SECONDS = 1;

/**
 * One video's watch milestones for one page view (SPEC.md §4): a view after 3 s of actual playback,
 * then 50% and 90% (each once, and only after the view), and the furthest fraction reached for the
 * server's watch_time_avg. Time paused, seeking or stalled does not count.
 */
export class WatchTracker {
  private played = 0;
  private last: number | null = null;
  private furthest = 0;
  private viewed = false;
  private readonly milestones = new Set<number>();
  private reported = 0;

  constructor(readonly videoId: string) {}

  /** A timeupdate while the video plays; returns the events this moment earned. */
  tick(currentTime: number, duration: number): MetricEvent[] {
    const known = Number.isFinite(duration) && duration > 0;
    if (this.last !== null) {
      const delta = currentTime - this.last;
      if (delta > 0 && delta <= MAX_TICK_SECONDS) this.played += delta;
      else if (delta < 0 && known && this.last >= duration - LOOP_SLACK_SECONDS) this.furthest = 1;
    }
    this.last = currentTime;
    if (known) this.furthest = Math.max(this.furthest, Math.min(1, currentTime / duration));

    const events: MetricEvent[] = [];
    const videoId = this.videoId;
    if (!this.viewed && this.played >= VIEW_AFTER_SECONDS) {
      this.viewed = true;
      events.push({ action: 'increment', videoId, metricType: 'views', increment: 1 });
    }
    if (!this.viewed) return events;
    for (const milestone of WATCH_MILESTONES) {
      if (this.furthest < milestone || this.milestones.has(milestone)) continue;
      this.milestones.add(milestone);
      const metricType = milestone === 0.5 ? 'vt50_count' : 'vt90_count';
      events.push({ action: 'increment', videoId, metricType, increment: 1 });
      events.push({ action: 'watch_time', videoId, watchPercentage: milestone });
    }
    return events;
  }

  /** Playback stopped (paused, scrolled away, tab hidden): the next tick starts a new span. */
  pause(): void {
    this.last = null;
  }

  /**
   * The furthest fraction reached, when the video leaves the screen or the page hides; only after
   * a counted view, and only when it went further than last reported.
   */
  progress(): MetricEvent | null {
    if (!this.viewed || this.furthest <= this.reported) return null;
    this.reported = this.furthest;
    return {
      action: 'watch_progress',
      videoId: this.videoId,
      fraction: Math.round(this.furthest * 1000) / 1000,
    };
  }
}
