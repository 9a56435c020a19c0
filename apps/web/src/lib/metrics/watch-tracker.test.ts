import { describe, expect, it } from 'vitest';
import { WatchTracker } from './watch-tracker';

const id = '00000000-0000-4000-8000-000000000001';

/** Plays from `from` to `to` seconds in timeupdate steps of 0.25 s; returns every event earned. */
function play(tracker: WatchTracker, from: number, to: number, duration: number) {
  const events = [];
  for (let t = from; t <= to + 1e-9; t += 0.25) events.push(...tracker.tick(t, duration));
  return events;
}

describe('watch tracker', () => {
  it('counts a view after 3 s of playback, then 50% and 90%, each once', () => {
    const tracker = new WatchTracker(id);
    expect(play(tracker, 0, 2.75, 10)).toEqual([]);
    expect(play(tracker, 3, 3, 10)).toEqual([
      { action: 'increment', videoId: id, metricType: 'views', increment: 1 },
    ]);
    expect(play(tracker, 3.25, 5, 10)).toEqual([
      { action: 'increment', videoId: id, metricType: 'vt50_count', increment: 1 },
      { action: 'watch_time', videoId: id, watchPercentage: 0.5 },
    ]);
    expect(play(tracker, 5.25, 9.75, 10)).toEqual([
      { action: 'increment', videoId: id, metricType: 'vt90_count', increment: 1 },
      { action: 'watch_time', videoId: id, watchPercentage: 0.9 },
    ]);
    // Looping round again earns nothing more.
    expect(play(tracker, 0, 9.75, 10)).toEqual([]);
  });

  it('does not count time paused or skipped by seeking', () => {
    const tracker = new WatchTracker(id);
    play(tracker, 0, 2, 30);
    tracker.pause();
    // A seek to 20 s is not 18 s of watching.
    expect(tracker.tick(20, 30)).toEqual([]);
    expect(play(tracker, 20.25, 20.75, 30)).toEqual([]);
    expect(play(tracker, 21, 21, 30)[0]).toEqual({
      action: 'increment',
      videoId: id,
      metricType: 'views',
      increment: 1,
    });
  });

  it('waits for the view before the milestones of a short clip', () => {
    const tracker = new WatchTracker(id);
    // A 4 s clip passes 50% at 2 s, before the view at 3 s.
    expect(play(tracker, 0, 2.75, 4)).toEqual([]);
    const events = play(tracker, 3, 3.75, 4);
    expect(
      events.map((event) => ('metricType' in event ? event.metricType : event.action)),
    ).toEqual(['views', 'vt50_count', 'watch_time', 'vt90_count', 'watch_time']);
  });

  it('reports the furthest fraction once it has a view, and again only when it went further', () => {
    const tracker = new WatchTracker(id);
    play(tracker, 0, 2, 10);
    expect(tracker.progress()).toBeNull();
    play(tracker, 2.25, 4, 10);
    expect(tracker.progress()).toEqual({ action: 'watch_progress', videoId: id, fraction: 0.4 });
    expect(tracker.progress()).toBeNull();
    play(tracker, 4.25, 9.75, 10);
    // Jumping back from the end is the loop: the whole video was seen.
    tracker.tick(0.1, 10);
    expect(tracker.progress()).toEqual({ action: 'watch_progress', videoId: id, fraction: 1 });
  });
});
