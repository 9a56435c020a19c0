import { describe, expect, it } from 'vitest';
import { costOf, formatDollarsAndCents, median, medianOf, retentionCurve } from './analytics-api';

describe('retentionCurve', () => {
  it('is the share of counted views whose furthest second is at or past each second', () => {
    // Two views: one left at 5 s, one watched to 10 s.
    const curve = retentionCurve(
      new Map([
        [5, 1],
        [10, 1],
      ]),
      10,
    );
    expect(curve).toHaveLength(11);
    expect(curve[0]).toEqual({ second: 0, share: 1 });
    expect(curve[5]).toEqual({ second: 5, share: 1 });
    expect(curve[6]).toEqual({ second: 6, share: 0.5 });
    expect(curve[10]).toEqual({ second: 10, share: 0.5 });
  });
  it('is flat zero without views', () => {
    expect(retentionCurve(new Map(), 3).map((p) => p.share)).toEqual([0, 0, 0, 0]);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBe(0);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('leaves videos without counted views out of the medians', () => {
    const f = (views: number, completionRate: number) => ({
      views,
      completions: 0,
      completionRate,
      averageWatch: 0,
      clicks: 0,
      clickThroughRate: 0,
      likes: 0,
      shares: 0,
      likesPerThousand: 0,
      sharesPerThousand: 0,
      filteredViews: 0,
    });
    expect(medianOf([f(0, 0), f(10, 0.5), f(20, 0.7)])).toMatchObject({
      videos: 2,
      views: 15,
      completionRate: 0.6,
    });
  });
});

describe('costOf and formatDollarsAndCents', () => {
  it('divides the payout by counted and completed views, null when there are none', () => {
    expect(costOf(10_000, 4, 0)).toEqual({
      payoutCents: 10_000,
      views: 4,
      completions: 0,
      costPerViewCents: 2500,
      costPerCompletedViewCents: null,
    });
  });
  it('shows money to the cent', () => {
    expect(formatDollarsAndCents(123_456)).toBe('$1,234.56');
    expect(formatDollarsAndCents(2.4)).toBe('$0.02');
    expect(formatDollarsAndCents(0.3)).toBe('< $0.01');
    expect(formatDollarsAndCents(0)).toBe('$0.00');
    expect(formatDollarsAndCents(null)).toBe('—');
  });
});
