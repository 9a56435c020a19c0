import { type MetricEvent, WATCH_MILESTONES } from '@adreel/domain';
import { VIEW_MIN_PLAYBACK_MS, VIEW_MIN_VISIBLE_FRACTION } from './counting';

/**
 * A gap between two timeupdates longer than this is a seek or a stall, not playback. Browsers
 * fire timeupdate every 15–250 ms while playing.
 */
const MAX_TICK_SECONDS = 1.5;
/** A jump back from this close to the end is the loop starting over. */
const LOOP_SLACK_SECONDS = 1;

/** Milliseconds from any fixed point (performance.now in the browser, a fake in tests). */
export type Clock = () => number;

/** What decides whether the video can be seen right now (issue 16, the MRC viewable impression). */
export interface Viewability {
  /** The tab is visible (Page Visibility API). */
  visible: boolean;
  /** The window has the focus. */
  focused: boolean;
  /** How much of the video element is on screen, 0–1 (IntersectionObserver). */
  inView: number;
}

/**
 * One video's watch milestones for one page view (SPEC.md §4, issue 16): a view after 3 s of
 * continuous *viewable* playback — at least half of the video on screen, in a visible, focused
 * tab — then 50% and 90% (each once, only after the view), and the furthest fraction reached.
 * Only viewable playback counts, and a second counts only as fast as the clock: a video played
 * at 16× speed earns no more than one played at 1×.
 *
 * Continuity: when the video stops being viewable (tab hidden, window blurred, less than half on
 * screen) the run towards the view starts again from zero. The viewer's own pause, a seek or a
 * stall only stop the clock while the video stays viewable: the run goes on when it plays again.
 * Every event carries the impression token of the feed page the video came from.
 */
export class ViewableWatch {
  private state: Viewability = { visible: true, focused: true, inView: 0 };
  /** The last timeupdate of the current span of viewable playback: media time and clock time. */
  private last: { media: number; at: number } | null = null;
  /** Viewable playback since viewability last dropped, in seconds (towards the view). */
  private run = 0;
  /** All viewable playback, in seconds (bounds how far the milestones may go). */
  private seen = 0;
  private furthest = 0;
  private viewed = false;
  private readonly milestones = new Set<number>();
  private reported = 0;

  constructor(
    readonly videoId: string,
    /** The token of the feed page the video came from; set once it is known. */
    public impression: string | undefined,
    private readonly clock: Clock = () => performance.now(),
  ) {}

  viewable(): boolean {
    const { visible, focused, inView } = this.state;
    return visible && focused && inView >= VIEW_MIN_VISIBLE_FRACTION;
  }

  /** A change of visibility, focus or the fraction on screen. */
  update(change: Partial<Viewability>): void {
    this.state = { ...this.state, ...change };
    if (!this.viewable()) {
      this.last = null;
      this.run = 0;
    }
  }

  /** A timeupdate while the video plays; returns the events this moment earned. */
  tick(currentTime: number, duration: number): MetricEvent[] {
    if (!this.viewable()) return [];
    const known = Number.isFinite(duration) && duration > 0;
    const now = this.clock();
    const last = this.last;
    this.last = { media: currentTime, at: now };
    if (last) {
      const delta = currentTime - last.media;
      if (delta > 0 && delta <= MAX_TICK_SECONDS) {
        const played = Math.min(delta, Math.max(0, now - last.at) / 1000);
        this.run += played;
        this.seen += played;
        // Never further than what was seen: a seek ahead or unseen playback earns nothing.
        if (known)
          this.furthest = Math.max(this.furthest, Math.min(currentTime, this.seen) / duration);
      } else if (
        delta < 0 &&
        known &&
        last.media >= duration - LOOP_SLACK_SECONDS &&
        this.seen + LOOP_SLACK_SECONDS >= duration
      ) {
        // The loop starting over after the whole video was seen.
        this.furthest = 1;
      }
    }
    this.furthest = Math.min(1, this.furthest);

    const events: MetricEvent[] = [];
    if (!this.viewed && this.run * 1000 >= VIEW_MIN_PLAYBACK_MS) {
      this.viewed = true;
      events.push(this.event({ action: 'increment', metricType: 'views', increment: 1 }));
    }
    if (!this.viewed) return events;
    for (const milestone of WATCH_MILESTONES) {
      if (this.furthest < milestone || this.milestones.has(milestone)) continue;
      this.milestones.add(milestone);
      const metricType = milestone === 0.5 ? 'vt50_count' : 'vt90_count';
      events.push(this.event({ action: 'increment', metricType, increment: 1 }));
      events.push(this.event({ action: 'watch_time', watchPercentage: milestone }));
    }
    return events;
  }

  /** Playback stopped (paused, seeking, stalled, scrolled away): the next tick starts a new span. */
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
    const fraction = Math.round(this.furthest * 1000) / 1000;
    return this.event({ action: 'watch_progress', fraction });
  }

  /** Another event about this video (a call-to-action click), with its impression. */
  event<E extends DistributiveOmit<MetricEvent, 'videoId' | 'impression'>>(body: E): MetricEvent {
    const event = { ...body, videoId: this.videoId } as MetricEvent;
    if (this.impression) event.impression = this.impression;
    return event;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
