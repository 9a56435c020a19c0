import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** An open campaign as the upload's picker shows it (openCampaignSchema in packages/domain). */
export interface OpenCampaign {
  id: string;
  title: string;
  payoutPerVideoCents: number;
}

export const openCampaignsKey = ['campaigns', 'open'] as const;

/** GET /api/campaigns/open: the campaigns a creator may upload for right now. */
export async function getOpenCampaigns(signal?: AbortSignal): Promise<OpenCampaign[]> {
  const body = await api<{ campaigns: OpenCampaign[] }>('/api/campaigns/open', { signal });
  return body.campaigns;
}

export function openCampaignsQueryOptions() {
  return queryOptions({
    queryKey: openCampaignsKey,
    queryFn: ({ signal }) => getOpenCampaigns(signal),
  });
}

export function useOpenCampaigns() {
  return useQuery(openCampaignsQueryOptions());
}
