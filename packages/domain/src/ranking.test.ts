import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decayedScore,
  platformMeans,
  type ScoreInputs,
  score,
  smoothedRate,
  ZERO_MEANS,
} from './ranking';

const unseen: ScoreInputs = {
  views: 0,
  watchTimeAvg: 0,
  vt90Count: 0,
  likes: 0,
  shares: 0,
  clicks: 0,
};

const videoArb = fc
  .record({
    views: fc.integer({ min: 0, max: 100_000 }),
    watchTimeAvg: fc.double({ min: 0, max: 1, noNaN: true }),
    vt90: fc.double({ min: 0, max: 1, noNaN: true }),
    likes: fc.integer({ min: 0, max: 100_000 }),
    shares: fc.integer({ min: 0, max: 100_000 }),
    clicks: fc.integer({ min: 0, max: 100_000 }),
  })
  .map(
    (r): ScoreInputs => ({
      views: r.views,
      watchTimeAvg: r.views === 0 ? 0 : r.watchTimeAvg,
      vt90Count: Math.floor(r.vt90 * r.views),
      likes: r.likes,
      shares: r.shares,
      clicks: r.clicks,
    }),
  );

describe('score (decision 013)', () => {
  it('gives a video nobody has seen the platform mean’s score', () => {
    const means = { watch: 0.5, vt90: 0.2, likes: 0.1, shares: 0.01, clicks: 0.05 };
    expect(score(unseen, means)).toBeCloseTo(
      0.35 * 0.5 + 0.25 * 0.2 + 0.2 * 0.5 + 0.1 * 0.2 + 0.1 * 0.5,
      12,
    );
    expect(score(unseen, ZERO_MEANS)).toBe(0);
  });

  it('weights watch 0.35, vt90 0.25 and caps likes at 20 %, shares at 5 %, clicks at 10 %', () => {
    // With very many views smoothing hardly matters: a perfect video scores 1.
    const perfect: ScoreInputs = {
      views: 1_000_000_000,
      watchTimeAvg: 1,
      vt90Count: 1_000_000_000,
      likes: 500_000_000,
      shares: 500_000_000,
      clicks: 500_000_000,
    };
    expect(score(perfect, ZERO_MEANS)).toBeCloseTo(1, 6);
    const onlyLikes = { ...unseen, views: 1_000_000_000, likes: 100_000_000 };
    expect(score(onlyLikes, ZERO_MEANS)).toBeCloseTo(0.2 * 0.5, 6);
  });

  it('smooths a few views toward the mean with weight 20', () => {
    expect(smoothedRate(1, 1, 0)).toBeCloseTo(1 / 21, 12);
    expect(smoothedRate(0, 0, 0.3)).toBeCloseTo(0.3, 12);
    expect(smoothedRate(10, 20, 0.1)).toBeCloseTo((10 + 2) / 40, 12);
  });

  it('halves every 48 hours and never grows for a future publication time', () => {
    expect(decayedScore(0.8, 0)).toBe(0.8);
    expect(decayedScore(0.8, 48)).toBeCloseTo(0.4, 12);
    expect(decayedScore(0.8, 96)).toBeCloseTo(0.2, 12);
    expect(decayedScore(0.8, -10)).toBe(0.8);
  });

  it('stays between 0 and 1 and never falls when a video gains a like', () => {
    fc.assert(
      fc.property(videoArb, fc.array(videoArb, { maxLength: 20 }), (video, others) => {
        const means = platformMeans([video, ...others]);
        const value = score(video, means);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1 + 1e-12);
        expect(score({ ...video, likes: video.likes + 1 }, means)).toBeGreaterThanOrEqual(value);
      }),
    );
  });

  it('takes platform means as totals over total views', () => {
    const means = platformMeans([
      { views: 10, watchTimeAvg: 0.5, vt90Count: 2, likes: 1, shares: 0, clicks: 1 },
      { views: 30, watchTimeAvg: 0.1, vt90Count: 0, likes: 3, shares: 2, clicks: 0 },
    ]);
    expect(means.watch).toBeCloseTo((5 + 3) / 40, 12);
    expect(means.vt90).toBeCloseTo(2 / 40, 12);
    expect(means.likes).toBeCloseTo(4 / 40, 12);
    expect(means.shares).toBeCloseTo(2 / 40, 12);
    expect(means.clicks).toBeCloseTo(1 / 40, 12);
    expect(platformMeans([unseen])).toEqual(ZERO_MEANS);
  });
});
