import { describe, expect, it } from 'vitest';
import {
  betaProgressPercent,
  countWithNoun,
  formatExactCount,
  formatThousands,
  formatWholeDollars,
  withBrand,
} from './format';

describe('formatThousands', () => {
  it('shows counts in thousands with one decimal and a K', () => {
    expect(formatThousands(0)).toBe('0.0K');
    expect(formatThousands(1234)).toBe('1.2K');
    expect(formatThousands(1250)).toBe('1.3K');
    expect(formatThousands(987_654)).toBe('987.7K');
  });
});

describe('formatExactCount', () => {
  it('gives the figure formatThousands rounds away, grouped by thousands', () => {
    expect(formatExactCount(0)).toBe('0');
    expect(formatExactCount(49)).toBe('49');
    expect(formatExactCount(1234)).toBe('1,234');
    expect(formatExactCount(987_654)).toBe('987,654');
    expect(formatExactCount(12_345_678)).toBe('12,345,678');
  });

  it('tells apart counts that read the same in thousands', () => {
    expect(formatThousands(0)).toBe(formatThousands(49));
    expect(formatExactCount(0)).not.toBe(formatExactCount(49));
  });
});

describe('countWithNoun', () => {
  it('names the unit, singular for one', () => {
    expect(countWithNoun(0, 'like', 'likes')).toBe('0 likes');
    expect(countWithNoun(1, 'like', 'likes')).toBe('1 like');
    expect(countWithNoun(1234, 'like', 'likes')).toBe('1,234 likes');
    expect(countWithNoun(2, 'view', 'views')).toBe('2 views');
  });
});

describe('formatWholeDollars', () => {
  it('drops cents and groups thousands', () => {
    expect(formatWholeDollars(0)).toBe('$0');
    expect(formatWholeDollars(12_999)).toBe('$129');
    expect(formatWholeDollars(250_000_00)).toBe('$250,000');
  });
});

describe('betaProgressPercent', () => {
  it('is count over target, capped at 100%', () => {
    expect(betaProgressPercent(0, 100)).toBe(0);
    expect(betaProgressPercent(37, 100)).toBe(37);
    expect(betaProgressPercent(250, 100)).toBe(100);
  });
});

describe('withBrand', () => {
  it('fills every {brand} with the product name', () => {
    expect(withBrand('Check out this ad on {brand}', 'Adreel')).toBe('Check out this ad on Adreel');
  });
});
