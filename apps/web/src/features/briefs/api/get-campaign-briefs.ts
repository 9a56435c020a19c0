import type { PublicCampaign } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const campaignBriefsKey = ['campaigns', 'briefs'] as const;

/** GET /api/campaigns: open campaigns for Campaign Briefs, newest first (public). */
export async function getCampaignBriefs(signal?: AbortSignal): Promise<PublicCampaign[]> {
  const body = await api<{ campaigns: PublicCampaign[] }>('/api/campaigns', { signal });
  return body.campaigns;
}

export function useCampaignBriefs() {
  return useQuery(
    queryOptions({
      queryKey: campaignBriefsKey,
      queryFn: ({ signal }) => getCampaignBriefs(signal),
    }),
  );
}
