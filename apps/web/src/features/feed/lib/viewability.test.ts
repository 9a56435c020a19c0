import type { MetricEvent } from '@adreel/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { ViewableWatch } from './viewability';

const id = '00000000-0000-4000-8000-000000000001';
const impression = 'token-1';

let now = 0;
const clock = () => now;

beforeEach(() => {
  now = 0;
});

/** A watch of a video that is fully on screen in a visible, focused tab. */
function onScreen(): ViewableWatch {
  const watch = new ViewableWatch(id, impression, clock);
  watch.update({ visible: true, focused: true, inView: 1 });
  return watch;
}

/**
 * Plays from `from` to `to` seconds in timeupdate steps of 0.25 s, the clock keeping pace (or
 * `wallPerStep` ms a step); `during` runs before each step. Returns every event earned.
 */
function play(
  watch: ViewableWatch,
  from: number,
  to: number,
  duration: number,
  { wallPerStep = 250, during }: { wallPerStep?: number; during?: (t: number) => void } = {},
): MetricEvent[] {
  const events: MetricEvent[] = [];
  for (let t = from; t <= to + 1e-9; t += 0.25) {
    during?.(t);
    events.push(...watch.tick(t, duration));
    now += wallPerStep;
  }
  return events;
}

const kinds = (events: MetricEvent[]) =>
  events.map((event) => ('metricType' in event ? event.metricType : event.action));

const view = { action: 'increment', videoId: id, metricType: 'views', increment: 1, impression };

describe('viewable watch', () => {
  it('counts a view after 3 s of viewable playback, then 50% and 90%, each once, with the impression', () => {
    const watch = onScreen();
    expect(play(watch, 0, 2.75, 10)).toEqual([]);
    expect(play(watch, 3, 3, 10)).toEqual([view]);
    expect(play(watch, 3.25, 5, 10)).toEqual([
      { action: 'increment', videoId: id, metricType: 'vt50_count', increment: 1, impression },
      { action: 'watch_time', videoId: id, watchPercentage: 0.5, impression },
    ]);
    expect(kinds(play(watch, 5.25, 9.75, 10))).toEqual(['vt90_count', 'watch_time']);
    // Looping round again earns nothing more.
    expect(play(watch, 0, 9.75, 10)).toEqual([]);
  });

  it('counts no view when the tab is hidden at 2 s, until 3 s more play visibly', () => {
    const watch = onScreen();
    const hide = (t: number) => {
      if (t === 2) watch.update({ visible: false });
    };
    expect(play(watch, 0, 6, 30, { during: hide })).toEqual([]);
    watch.update({ visible: true });
    // The run starts again from zero: 2.75 s more is not enough, 3 s is.
    expect(play(watch, 6.25, 9, 30)).toEqual([]);
    expect(play(watch, 9.25, 9.25, 30)).toEqual([view]);
  });

  it('counts no view while less than half of the video is on screen', () => {
    const watch = onScreen();
    watch.update({ inView: 0.4 });
    expect(play(watch, 0, 8, 10)).toEqual([]);
    // Exactly half is enough.
    watch.update({ inView: 0.5 });
    expect(kinds(play(watch, 8.25, 11.25, 30))).toEqual(['views']);
  });

  it('counts no view while the window is blurred, nor across a blur', () => {
    const watch = onScreen();
    watch.update({ focused: false });
    expect(play(watch, 0, 5, 30)).toEqual([]);
    watch.update({ focused: true });
    expect(play(watch, 5.25, 7.25, 30)).toEqual([]);
    // A blur at 2 s of the run: the run starts again on focus.
    watch.update({ focused: false });
    watch.update({ focused: true });
    expect(play(watch, 7.5, 10.25, 30)).toEqual([]);
    expect(kinds(play(watch, 10.5, 10.5, 30))).toEqual(['views']);
  });

  it('counts nothing before it knows how much is on screen', () => {
    const watch = new ViewableWatch(id, impression, clock);
    expect(play(watch, 0, 5, 10)).toEqual([]);
  });

  it("continues the run across the viewer's own pause, but not across a seek ahead", () => {
    const watch = onScreen();
    expect(play(watch, 0, 2, 30)).toEqual([]);
    watch.pause();
    now += 60_000;
    // A seek to 20 s is not 18 s of watching; 1 s more of playback after it is the view.
    expect(watch.tick(20, 30)).toEqual([]);
    now += 250;
    expect(play(watch, 20.25, 20.75, 30)).toEqual([]);
    expect(play(watch, 21, 21, 30)).toEqual([view]);
    // Only 3 s were seen (0–2 and 20–21): the seek ahead does not reach the 50% milestone.
    expect(watch.progress()).toEqual({
      action: 'watch_progress',
      videoId: id,
      fraction: 0.1,
      impression,
    });
  });

  it('counts playback no faster than the clock (a video played at 16× speed)', () => {
    const watch = onScreen();
    // 4 s of media in 0.25 s of wall time: 16 steps of 0.25 s, ~16 ms each.
    expect(play(watch, 0, 4, 10, { wallPerStep: 16 })).toEqual([]);
    expect(watch.progress()).toBeNull();
  });

  it('waits for the view before the milestones of a short clip', () => {
    const watch = onScreen();
    // A 4 s clip passes 50% at 2 s, before the view at 3 s.
    expect(play(watch, 0, 2.75, 4)).toEqual([]);
    expect(kinds(play(watch, 3, 3.75, 4))).toEqual([
      'views',
      'vt50_count',
      'watch_time',
      'vt90_count',
      'watch_time',
    ]);
  });

  it('reports the furthest fraction once it has a view, and again only when it went further', () => {
    const watch = onScreen();
    play(watch, 0, 2, 10);
    expect(watch.progress()).toBeNull();
    play(watch, 2.25, 4, 10);
    expect(watch.progress()).toEqual({
      action: 'watch_progress',
      videoId: id,
      fraction: 0.4,
      impression,
    });
    expect(watch.progress()).toBeNull();
    play(watch, 4.25, 9.75, 10);
    // Jumping back from the end is the loop: the whole video was seen.
    watch.tick(0.1, 10);
    expect(watch.progress()).toMatchObject({ fraction: 1 });
  });

  it('leaves the impression out when the page gave none, and tags other events with it', () => {
    const bare = new ViewableWatch(id, undefined, clock);
    bare.update({ inView: 1 });
    expect(play(bare, 0, 3, 10)).toEqual([
      { action: 'increment', videoId: id, metricType: 'views', increment: 1 },
    ]);
    expect(onScreen().event({ action: 'increment', metricType: 'clicks', increment: 1 })).toEqual({
      action: 'increment',
      videoId: id,
      metricType: 'clicks',
      increment: 1,
      impression,
    });
  });
});
