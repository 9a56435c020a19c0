/**
 * The creator's own video stats, live (issue 19): per video the counted figures beside the median of
 * their videos, and each video's retention curve and series. Its stream also refreshes the tiles.
 */

import { AnalyticsOverviewView } from '@/lib/metrics/analytics/analytics-overview';
import { useLiveAnalytics } from '@/lib/metrics/analytics/use-live-analytics';
import { creatorStatsKey } from '../api/get-creator-stats';

const ALSO_REFRESH = [creatorStatsKey];

export function CreatorVideoAnalytics() {
  const live = useLiveAnalytics('creator', ALSO_REFRESH);
  return (
    <AnalyticsOverviewView
      side="creator"
      live={live}
      title="Your video stats"
      empty="Once a video of yours is live, its retention, completion and click-through show up here."
    />
  );
}
