/**
 * The caller's video analytics, live (decision 032): the brand's Performance tab (per video and
 * campaign, cost per view) and the creator's own video stats (each video beside the median of
 * theirs). The stream also refreshes what `alsoRefresh` names: the screen's tiles or chart above,
 * which belong to another feature, so the route hands their keys in.
 */
import type { AnalyticsSide } from '@adreel/domain/analytics-api';
import type { QueryKey } from '@tanstack/react-query';
import { useLiveAnalytics } from '../api/use-live-analytics';
import { AnalyticsOverviewView } from './analytics-overview';

const TEXTS: Record<AnalyticsSide, { title: string; empty: string }> = {
  brand: {
    title: 'Video analytics',
    empty:
      "Approve entries into your campaigns: each video's retention, completion and cost per view show up here.",
  },
  creator: {
    title: 'Your video stats',
    empty:
      'Once a video of yours is live, its retention, completion and click-through show up here.',
  },
};

export function LiveAnalytics({
  side,
  alsoRefresh = [],
}: {
  side: AnalyticsSide;
  alsoRefresh?: readonly QueryKey[];
}) {
  const live = useLiveAnalytics(side, alsoRefresh);
  return <AnalyticsOverviewView side={side} live={live} {...TEXTS[side]} />;
}
