/** When the weekly digest is due (DESIGN.md §3: Mondays 09:00 UTC) and which week it covers. */

const DAY_MS = 24 * 60 * 60 * 1000;
export const DIGEST_HOUR_UTC = 9;

/** The first Monday 09:00 UTC strictly after `after`. */
export function nextDigestTime(after: Date): Date {
  const candidate = new Date(
    Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), DIGEST_HOUR_UTC),
  );
  // getUTCDay: Sunday 0, Monday 1.
  const daysToMonday = (8 - candidate.getUTCDay()) % 7;
  candidate.setUTCDate(candidate.getUTCDate() + daysToMonday);
  if (candidate.getTime() <= after.getTime()) candidate.setUTCDate(candidate.getUTCDate() + 7);
  return candidate;
}

/** The Monday (YYYY-MM-DD, UTC) of the week `at` falls in: it keys one digest per user and week. */
export function weekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The seven days before `at`: what a digest sent at `at` reports on. */
export function weekBefore(at: Date): { start: Date; end: Date } {
  return { start: new Date(at.getTime() - 7 * DAY_MS), end: at };
}
