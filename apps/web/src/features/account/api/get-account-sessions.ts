import type { AccountSession } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const accountSessionsKey = ['account', 'sessions'] as const;

/** GET /api/account/sessions: every signed-in device of this account. */
export async function getAccountSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  const body = await api<{ sessions: AccountSession[] }>('/api/account/sessions', { signal });
  return body.sessions;
}

export function accountSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountSessionsKey,
    queryFn: ({ signal }) => getAccountSessions(signal),
  });
}

export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions());
}
