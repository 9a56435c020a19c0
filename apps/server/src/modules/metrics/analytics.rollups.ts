/**
 * What other modules may ask of the analytics rollups (decision 032): the daily totals of a set of
 * videos (campaigns' Performance tab), and rolling up view windows that were written straight into
 * view_events (the demo history).
 */
export { dailyTotals, rollUpViewWindows } from './analytics.queries';
