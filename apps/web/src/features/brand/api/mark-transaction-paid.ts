import type { BrandTransaction } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { brandKey } from './get-brand-campaigns';

/** POST /api/brand/transactions/:id/mark-paid: 'Payment marked as paid!'. */
export async function markTransactionPaid(
  id: string,
): Promise<{ message: string; transaction: BrandTransaction }> {
  return api(`/api/brand/transactions/${encodeURIComponent(id)}/mark-paid`, { method: 'POST' });
}

export function useMarkTransactionPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTransactionPaid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandKey }),
  });
}
