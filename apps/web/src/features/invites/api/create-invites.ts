import type { Invite, InviteGenerateInput } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invitesKey } from './get-invites';

/** POST /api/admin/invites: 201 with the new codes. */
export async function createInvites(body: InviteGenerateInput): Promise<Invite[]> {
  const answer = await api<{ invites: Invite[] }>('/api/admin/invites', { method: 'POST', body });
  return answer.invites;
}

export function useCreateInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvites,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}
