import type { AuthProvider } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const providersKey = ['auth', 'providers'] as const;

/** GET /api/auth/providers: the identity providers configured for this site (maybe none). */
export async function getProviders(signal?: AbortSignal): Promise<AuthProvider[]> {
  const body = await api<{ providers: AuthProvider[] }>('/api/auth/providers', { signal });
  return body.providers;
}

export function useProviders() {
  return useQuery(
    queryOptions({
      queryKey: providersKey,
      queryFn: ({ signal }) => getProviders(signal),
      staleTime: 5 * 60 * 1000,
    }),
  );
}
