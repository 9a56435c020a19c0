import type { BrandCampaign } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { brandKey } from './get-brand-campaigns';

/** POST /api/brand/campaigns/:id/close or /reopen. */
export async function setCampaignStatus({
  id,
  action,
}: {
  id: string;
  action: 'close' | 'reopen';
}): Promise<{ message: string; campaign: BrandCampaign }> {
  return api(`/api/brand/campaigns/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
}

export function useSetCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCampaignStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKey }),
  });
}
