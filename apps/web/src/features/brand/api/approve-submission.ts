import type { BrandSubmission, BrandTransaction } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { brandKey } from './get-brand-campaigns';

/** POST /api/brand/submissions/:id/approve: publishes the video and books the payout. */
export async function approveSubmission(id: string): Promise<{
  message: string;
  submission: BrandSubmission;
  transaction: BrandTransaction | null;
}> {
  return api(`/api/brand/submissions/${encodeURIComponent(id)}/approve`, { method: 'POST' });
}

export function useApproveSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveSubmission,
    // Campaign money, payments and performance all change with an approval.
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandKey }),
  });
}
