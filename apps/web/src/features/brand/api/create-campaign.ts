import type { BrandCampaign, CreateCampaignBody } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { brandKey } from './get-brand-campaigns';

/** POST /api/brand/campaigns: 'Campaign created!' and the new campaign. */
export async function createCampaign(
  body: CreateCampaignBody,
): Promise<{ message: string; campaign: BrandCampaign }> {
  return api('/api/brand/campaigns', { method: 'POST', body });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKey }),
  });
}
