import type { BrandCampaign } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every brand query starts with this key, so one invalidation refreshes the whole dashboard. */
export const brandKey = ['brand'] as const;
export const brandCampaignsKey = [...brandKey, 'campaigns'] as const;

/** GET /api/brand/campaigns: own campaigns with budget used and left, newest first. */
export async function getBrandCampaigns(signal?: AbortSignal): Promise<BrandCampaign[]> {
  const body = await api<{ campaigns: BrandCampaign[] }>('/api/brand/campaigns', { signal });
  return body.campaigns;
}

export function brandCampaignsQueryOptions() {
  return queryOptions({
    queryKey: brandCampaignsKey,
    queryFn: ({ signal }) => getBrandCampaigns(signal),
  });
}

export function useBrandCampaigns() {
  return useQuery(brandCampaignsQueryOptions());
}
