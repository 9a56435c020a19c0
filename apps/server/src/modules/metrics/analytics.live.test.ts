import { describe, expect, it } from 'vitest';
import { createCoalescer, type Scheduler } from './analytics.live';

function fakeScheduler() {
  let now = 0;
  const timers: Array<{ at: number; run: () => void; id: number }> = [];
  let next = 1;
  const scheduler: Scheduler = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = next++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of [...timers].sort((a, b) => a.at - b.at))
      if (t.at <= now) {
        timers.splice(timers.indexOf(t), 1);
        t.run();
      }
  };
  return { scheduler, advance, pending: () => timers.length };
}

describe('createCoalescer', () => {
  it('sends the first change at once and coalesces the rest into one message per interval', () => {
    const { scheduler, advance } = fakeScheduler();
    const sent: string[][] = [];
    const c = createCoalescer((change) => sent.push(change.changed), 1000, scheduler);
    c.add(['a']);
    expect(sent).toEqual([['a']]);
    advance(100);
    c.add(['b']);
    c.add(['c', 'b']);
    advance(100);
    c.add(['a']);
    expect(sent).toHaveLength(1);
    advance(799);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toEqual([['a'], ['a', 'b', 'c']]);
    // Quiet for longer than the interval: the next change goes at once again.
    advance(5000);
    c.add(['d']);
    expect(sent).toEqual([['a'], ['a', 'b', 'c'], ['d']]);
  });

  it('sends nothing for no ids, and nothing after close', () => {
    const { scheduler, advance, pending } = fakeScheduler();
    const sent: string[][] = [];
    const c = createCoalescer((change) => sent.push(change.changed), 1000, scheduler);
    c.add([]);
    expect(sent).toEqual([]);
    c.add(['a']);
    c.add(['b']);
    c.close();
    expect(pending()).toBe(0);
    advance(2000);
    expect(sent).toEqual([['a']]);
  });

  it('never sends more than one message per interval under a steady stream of changes', () => {
    const { scheduler, advance } = fakeScheduler();
    const times: number[] = [];
    const c = createCoalescer(() => times.push(scheduler.now()), 1000, scheduler);
    for (let t = 0; t < 10_000; t += 50) {
      c.add([`v${t % 7}`]);
      advance(50);
    }
    for (let i = 1; i < times.length; i += 1)
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(1000);
    expect(times.length).toBeGreaterThanOrEqual(9);
  });
});
