import type { AnalyticsSide } from '@adreel/domain/analytics-api';

/** Every analytics read of one side starts with this key; the live stream invalidates it whole. */
export const analyticsKey = (side: AnalyticsSide) => ['analytics', side] as const;
