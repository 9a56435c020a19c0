import type { BrandTransaction } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { brandKey } from './get-brand-campaigns';

export const brandTransactionsKey = [...brandKey, 'transactions'] as const;

/** GET /api/brand/transactions: own campaigns' payouts, newest first. */
export async function getBrandTransactions(signal?: AbortSignal): Promise<BrandTransaction[]> {
  const body = await api<{ transactions: BrandTransaction[] }>('/api/brand/transactions', {
    signal,
  });
  return body.transactions;
}

export function useBrandTransactions() {
  return useQuery(
    queryOptions({
      queryKey: brandTransactionsKey,
      queryFn: ({ signal }) => getBrandTransactions(signal),
    }),
  );
}
