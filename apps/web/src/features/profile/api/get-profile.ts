import type { CreatorProfile } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const profileKey = (id: string | 'me') => ['profiles', id] as const;

/** GET /api/profiles/:id (public) or /api/profiles/me (signed in): a creator's profile. */
export async function getProfile(id: string | 'me', signal?: AbortSignal): Promise<CreatorProfile> {
  return api<CreatorProfile>(`/api/profiles/${encodeURIComponent(id)}`, { signal });
}

export function useProfile(id: string | 'me', enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: profileKey(id),
      queryFn: ({ signal }) => getProfile(id, signal),
      enabled,
    }),
  );
}
