import type { WhitelistEntry } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const whitelistKey = ['admin', 'whitelist'] as const;

/** GET /api/admin/whitelist: every whitelisted email and the role it grants. */
export async function getWhitelist(signal?: AbortSignal): Promise<WhitelistEntry[]> {
  const body = await api<{ entries: WhitelistEntry[] }>('/api/admin/whitelist', { signal });
  return body.entries;
}

export function whitelistQueryOptions() {
  return queryOptions({ queryKey: whitelistKey, queryFn: ({ signal }) => getWhitelist(signal) });
}

export function useWhitelist() {
  return useQuery(whitelistQueryOptions());
}
