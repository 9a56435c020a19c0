import type { BrandSubmission } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { brandKey } from './get-brand-campaigns';

/** POST /api/brand/submissions/:id/reject with an optional reason the creator reads. */
export async function rejectSubmission({
  id,
  reason,
}: {
  id: string;
  reason?: string;
}): Promise<{ message: string; submission: BrandSubmission }> {
  return api(`/api/brand/submissions/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

export function useRejectSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectSubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandKey }),
  });
}
