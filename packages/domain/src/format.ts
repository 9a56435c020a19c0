/**
 * Counts are shown in thousands with one decimal (docs/product.md §2 Feed, §9): 1234 → "1.2K", 50 → "0.1K".
 * Rounds half up on the tenth, so 949 reads "0.9K" and 950 reads "1.0K".
 */
export function formatThousands(count: number): string {
  const tenths = Math.round(count / 100);
  return `${(tenths / 10).toFixed(1)}K`;
}

/**
 * A count in full, for the accessible name beside a formatThousands figure, which hides it ("0.0K"
 * is 0 or 49): 1234 → "1,234".
 */
export function formatExactCount(count: number): string {
  return Math.round(count).toLocaleString('en-US');
}

/** A count in full with its noun: "1 like", "1,234 likes", "0 views". */
export function countWithNoun(count: number, one: string, many: string): string {
  return `${formatExactCount(count)} ${Math.round(count) === 1 ? one : many}`;
}

/** Money is held in integer cents; earnings are shown in whole dollars (docs/product.md §9). */
export function formatWholeDollars(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString('en-US')}`;
}

/** Beta progress (docs/product.md §9): count divided by the target, capped at 100%. */
export function betaProgressPercent(count: number, target: number): number {
  if (target <= 0) return 100;
  return Math.min(100, Math.max(0, (count / target) * 100));
}

/**
 * Fills `{brand}` in the product's texts with the configured product name. A replacer function, not a
 * replacement string: `$&`, `$'` or `` $` `` in the name are text, never patterns.
 */
export function withBrand(text: string, appName: string): string {
  return text.replaceAll('{brand}', () => appName);
}

/**
 * 'YYYY-MM-DD' of today in UTC, the calendar the server's deadline check uses. Here rather than
 * beside the campaign schemas, so a screen that shows a deadline does not load zod with them.
 */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
