/** SPEC.md §2 Top Videos: the score shown is decayed_score × 100, rounded. */
export function displayScore(score: number): string {
  return String(Math.round(score * 100));
}

/** SPEC.md §2 Top Videos: watch % is watch_time_avg × 100. */
export function displayWatchPercent(watchTimeAvg: number): string {
  return `${Math.round(watchTimeAvg * 100)}%`;
}
