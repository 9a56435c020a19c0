import type { Invite } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const invitesKey = ['admin', 'invites'] as const;

/** GET /api/admin/invites: every invite, newest first, with its display status (SPEC.md §4). */
export async function getInvites(signal?: AbortSignal): Promise<Invite[]> {
  const body = await api<{ invites: Invite[] }>('/api/admin/invites', { signal });
  return body.invites;
}

export function invitesQueryOptions() {
  return queryOptions({ queryKey: invitesKey, queryFn: ({ signal }) => getInvites(signal) });
}

export function useInvites() {
  return useQuery(invitesQueryOptions());
}
