/**
 * The Performance tab's live analytics (issue 19): per video and campaign, cost per view, and each
 * video's retention and series. Its stream also refreshes the tab's totals and chart above it.
 */

import { AnalyticsOverviewView } from '@/lib/metrics/analytics/analytics-overview';
import { useLiveAnalytics } from '@/lib/metrics/analytics/use-live-analytics';
import { brandPerformanceKey } from '../api/get-brand-performance';

const ALSO_REFRESH = [brandPerformanceKey];

export function BrandAnalytics() {
  const live = useLiveAnalytics('brand', ALSO_REFRESH);
  return (
    <AnalyticsOverviewView
      side="brand"
      live={live}
      title="Video analytics"
      empty="Approve entries into your campaigns: each video's retention, completion and cost per view show up here."
    />
  );
}
